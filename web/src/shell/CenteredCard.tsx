import { Card, Elevation } from "@blueprintjs/core";
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

/** The single card in the middle of the screen used by sign-in, error and status pages; its title is the h1 and the document title. */
export function CenteredCard({ title, subtitle, testId, children }: CenteredCardProps) {
  useScreenTitle(title);
  return (
    <main className="centered-page">
      <Card className="centered-card" elevation={Elevation.TWO} data-testid={testId}>
        <h1 className="bp6-heading">{title}</h1>
        {subtitle !== undefined && <div className="subtitle">{subtitle}</div>}
        {children}
      </Card>
    </main>
  );
}
