/**
 * The app's router: react-router's declarative `<Router>` over `AppHistory`, location changes in
 * a transition (the page on screen stays until the next one's chunks are in, as with the data
 * router), and `useLeaveBlocker` for screens with unsaved work.
 */
import { createContext, startTransition, Suspense, useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { Router, useRoutes, type RouteObject } from "react-router";
import type { AppHistory, BlockerView, LeaveBlocker } from "./AppHistory";
import { preloadMatches } from "./elementRoutes";

const HistoryContext = createContext<AppHistory | null>(null);

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Renders `routes` (from `elementRoutes`) at the history's location. */
export function AppRouter({ history, routes, children }: { history: AppHistory; routes: RouteObject[]; children?: ReactNode }) {
  const [shown, setShown] = useState(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(() => {
    const stop = history.listen((update) => {
      preloadMatches(routes, update.location);
      startTransition(() => setShown(update));
    });
    // A navigation between the first render and this subscription is shown too (`shown` is read once, here).
    if (history.location !== shown.location) setShown({ action: history.action, location: history.location });
    return stop;
  }, [history, routes]);
  return (
    <HistoryContext value={history}>
      <Router location={shown.location} navigationType={shown.action} navigator={history.navigator}>
        <Suspense fallback={null}>
          <Routes routes={routes} />
        </Suspense>
        {children}
      </Router>
    </HistoryContext>
  );
}

/**
 * Holds navigations that `shouldBlock` refuses (links, the app's own, back and forward) until
 * the returned view's `proceed` or `reset`; one blocker at a time, as with the data router.
 */
export function useLeaveBlocker(shouldBlock: LeaveBlocker): BlockerView {
  const history = useContext(HistoryContext);
  if (!history) throw new Error("useLeaveBlocker needs the AppRouter");
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => history.block((args) => latest.current(args)), [history]);
  return useSyncExternalStore(history.subscribeBlocker, history.blockerView);
}
