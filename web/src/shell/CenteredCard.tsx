import type { ReactNode } from "react";
import { useScreenTitle } from "./ScreenHeader";

export interface CenteredCardProps {
  title: string;
  /** Short line under the title. */
  subtitle?: ReactNode;
  /** data-testid of the card, so end-to-end tests can find the page. */
  testId?: string;
  children?: ReactNode;
}

/**
 * The single card in the middle of the screen used by sign-in, error and status pages; its title is the h1 and the document title.
 * Blueprint's Card markup without its code: the sign-in page and the error pages are on the first load (light.tsx).
 */
export function CenteredCard({ title, subtitle, testId, children }: CenteredCardProps) {
  useScreenTitle(title);
  return (
    <main className="centered-page">
      <div className="centered-card bp6-card bp6-elevation-2" data-testid={testId}>
        <h1 className="bp6-heading">{title}</h1>
        {subtitle !== undefined && <div className="subtitle">{subtitle}</div>}
        {children}
      </div>
    </main>
  );
}
