import { observer } from "mobx-react-lite";
import { useEffect, type ReactNode } from "react";
import { useStores } from "../app/StoreContext";

export interface ScreenHeaderProps {
  /** The screen's name: its h1 and the first part of the document title. */
  title: string;
  /** Buttons and inputs shown beside the title (they wrap below it on narrow screens). */
  children?: ReactNode;
  /** data-testid of the header. */
  testId?: string;
}

/** The top of every screen: one h1 and the document title "<title> · <brand>" (UiStore). */
export const ScreenHeader = observer(function ScreenHeader({ title, children, testId }: ScreenHeaderProps) {
  useScreenTitle(title);
  return (
    <header className="screen-header" data-testid={testId}>
      <h1 className="bp6-heading screen-title">{title}</h1>
      {children !== undefined && <div className="screen-actions">{children}</div>}
    </header>
  );
});

/** Sets the document title of a screen whose h1 is rendered elsewhere (e.g. a card page). */
export function useScreenTitle(title: string | null): void {
  const { ui } = useStores();
  useEffect(() => {
    ui.setScreenTitle(title);
    return () => ui.setScreenTitle(null);
  }, [ui, title]);
}
