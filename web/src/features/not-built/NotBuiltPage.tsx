import { NonIdealState } from "@blueprintjs/core";
import { Link } from "react-router";
import { ScreenHeader } from "../../shell/ScreenHeader";

export interface NotBuiltPageProps {
  /** The screen's name, e.g. "Users". */
  title: string;
  /** Outside the shell (a top-level route): the page brings its own landmark and margins. */
  standalone?: boolean;
}

/**
 * A screen the spec lists (spec 2, shell children) that this version does not have yet: it says
 * so, under its own title, instead of silently showing another screen.
 */
export function NotBuiltPage({ title, standalone = false }: NotBuiltPageProps) {
  const Frame = standalone ? "main" : "div";
  return (
    <Frame className={standalone ? "not-built is-standalone" : "not-built"} data-testid="not-built-page">
      <ScreenHeader title={title} />
      <NonIdealState icon="build" title="Not available yet"
        description={<>The {title} screen is part of the portal but is not available in this version yet.</>}
        action={<Link to="/">Go to the start page</Link>} />
    </Frame>
  );
}
