import { LightSpinner } from "./light";

export interface FullPageSpinnerProps {
  title?: string;
  description?: string;
}

/** A spinner filling the page while a gate or the jump-start route works. */
export function FullPageSpinner({ title, description }: FullPageSpinnerProps) {
  return (
    <div className="centered-page" data-testid="loading">
      {/* Blueprint's NonIdealState markup: this spinner is on the first load (light.tsx). */}
      <div className="bp6-non-ideal-state bp6-non-ideal-state-vertical">
        <div className="bp6-non-ideal-state-visual" style={{ fontSize: 48, lineHeight: "48px" }}>
          <LightSpinner className="bp6-icon-muted" />
        </div>
        {(title !== undefined || description !== undefined) && (
          <div className="bp6-non-ideal-state-text">
            {title !== undefined && <h4 className="bp6-heading">{title}</h4>}
            {description !== undefined && <div>{description}</div>}
          </div>
        )}
      </div>
    </div>
  );
}
