import { Tooltip } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { TOOLTIP_DELAY_MS } from "@portal/core/constants";

export interface HintProps {
  /** The tooltip text. */
  content: string | React.JSX.Element;
  children: ReactNode;
}

/** A tooltip that opens after the spec's delay (1,500 ms, spec 9); use it instead of Tooltip. */
export function Hint({ content, children }: HintProps) {
  return <Tooltip content={content} hoverOpenDelay={TOOLTIP_DELAY_MS}>{children}</Tooltip>;
}
