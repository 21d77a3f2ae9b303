import { observer } from "mobx-react-lite";
import { Suspense, use } from "react";
import { useStores } from "../app/StoreContext";
import { settled } from "../app/router/elementRoutes";
import { FullPageSpinner } from "./FullPageSpinner";

let load: Promise<typeof import("./StartingFrame")> | null = null;

/**
 * The signed-in starting screen's chunk, loaded once and marked settled so that `use` renders it at
 * once when it is in. main.tsx starts it before the first render of a signed-in start, beside the
 * stored session's decoding (both are in the session-api chunk): React's first render then draws
 * what the boot script painted instead of replacing it with a spinner. A failed load is tried
 * again by the next render that asks.
 */
export function loadStartingFrame(): Promise<typeof import("./StartingFrame")> {
  return (load ??= settled(import("./StartingFrame").catch((error: unknown) => {
    load = null;
    throw error;
  })));
}

function SignedInStart() {
  const { StartingFrame } = use(loadStartingFrame());
  return <StartingFrame />;
}

/**
 * What the gates show while they wait: signed in, the starting frame (StartingFrame.tsx); signed
 * out, the page spinner. The frame is not on the sign-in page's first load (issue 16: 150 kB).
 */
export const StartingScreen = observer(function StartingScreen() {
  const { session } = useStores();
  if (!session.isSignedIn) return <FullPageSpinner />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInStart />
    </Suspense>
  );
});
