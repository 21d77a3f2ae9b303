import { Card, Elevation } from "@blueprintjs/core";
import type { ReactNode } from "react";

export interface CenteredCardProps {
  title: string;
  /** Short line under the title. */
  subtitle?: ReactNode;
  /** data-testid of the card, so end-to-end tests can find the page. */
  testId?: string;
  children?: ReactNode;
}

/** The single card in the middle of the screen used by sign-in, error and status pages. */
export function CenteredCard({ title, subtitle, testId, children }: CenteredCardProps) {
  return (
    <div className="centered-page">
      <Card className="centered-card" elevation={Elevation.TWO} data-testid={testId}>
        <h2 className="bp6-heading">{title}</h2>
        {subtitle !== undefined && <div className="subtitle">{subtitle}</div>}
        {children}
      </Card>
    </div>
  );
}
