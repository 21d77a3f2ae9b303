import type { PageComponent } from "@portal/core/domain/PageComponent";
import type { ComponentContext } from "../ComponentView";

/** What every device component renderer gets: the placed component and the page's context. */
export interface DeviceComponentProps {
  readonly component: PageComponent;
  readonly ctx: ComponentContext;
}
