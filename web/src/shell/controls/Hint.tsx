import { Tooltip } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { TOOLTIP_DELAY_MS } from "@portal/core/constants";

export interface HintProps {
  /** The tooltip text. */
  content: string | React.JSX.Element;
  children: ReactNode;
  /**
   * Whether keyboard focus on the target opens the hint (default true). Blueprint then gives the
   * target tabIndex 0, so a decorative, aria-hidden target (a drag handle) passes false: a hidden
   * element must not take focus (axe aria-hidden-focus).
   */
  focusable?: boolean;
}

/** A tooltip that opens after the spec's delay (1,500 ms, spec 9); use it instead of Tooltip. */
export function Hint({ content, children, focusable = true }: HintProps) {
  return <Tooltip content={content} hoverOpenDelay={TOOLTIP_DELAY_MS} openOnTargetFocus={focusable}>{children}</Tooltip>;
}
