import { NonIdealState, Spinner } from "@blueprintjs/core";

export interface FullPageSpinnerProps {
  title?: string;
  description?: string;
}

/** A spinner filling the page while a gate or the jump-start route works. */
export function FullPageSpinner({ title, description }: FullPageSpinnerProps) {
  return (
    <div className="centered-page" data-testid="loading">
      <NonIdealState icon={<Spinner />} title={title} description={description} />
    </div>
  );
}
