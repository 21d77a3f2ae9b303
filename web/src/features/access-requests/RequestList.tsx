import { Card } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { MyAccessRequest } from "@portal/core/domain/AccessRequest";
import { deviceName, servicesLabel, STATUS_INTENT, STATUS_LABEL, windowLabel } from "../devices/accessView";
import { useStores } from "../../app/StoreContext";
import "./accessRequests.css";

export interface RequestListProps {
  readonly rows: ReadonlyArray<MyAccessRequest>;
  /** Show who asked (an approver's view). */
  readonly showRequester?: boolean;
  /** Show the device (left out on a device's own page). */
  readonly showDevice?: boolean;
  /** The buttons of one request. */
  readonly actions?: (m: MyAccessRequest) => ReactNode;
  readonly testId?: string;
}

/**
 * Requests as cards: status, device, services, window, reason, who asked and who decided, with a
 * link to the request's own page. Cards rather than a table so that phones need no sideways scroll.
 */
export const RequestList = observer(function RequestList({ rows, showRequester = false, showDevice = true, actions, testId }: RequestListProps) {
  // Dates in my profile's time zone (issue 11), else the browser's.
  const { timeZone } = useStores().session;
  return (
    <ul className="request-list" data-testid={testId}>
      {rows.map((m) => (
        <li key={m.request.publicId}>
          <Card className="request-card" data-testid="request-card" data-request={m.request.publicId}>
            <div className="request-head">
              <Tag intent={STATUS_INTENT[m.request.status]} minimal data-testid="request-status">{STATUS_LABEL[m.request.status]}</Tag>
              <Link to={`/access-requests/${m.request.publicId}`} className="request-title">
                {showDevice ? deviceName(m) : windowLabel(m.request.start, m.request.end, timeZone)}
              </Link>
              {m.request.extendsRequest && <Tag minimal>Extension</Tag>}
            </div>
            <dl className="request-facts">
              {showRequester && <><dt>Requested by</dt><dd data-testid="request-requester">{m.user.name ?? "—"}</dd></>}
              {showDevice && <><dt>When</dt><dd>{windowLabel(m.request.start, m.request.end, timeZone)}</dd></>}
              <dt>Services</dt><dd>{servicesLabel(m)}</dd>
              {m.request.reason && <><dt>Reason</dt><dd data-testid="request-reason">{m.request.reason}</dd></>}
              {m.request.approver?.name && m.request.status !== "pending" && <><dt>Decided by</dt><dd>{m.request.approver.name}</dd></>}
              {m.request.comment && <><dt>Comment</dt><dd>{m.request.comment}</dd></>}
            </dl>
            {actions && <div className="request-actions">{actions(m)}</div>}
          </Card>
        </li>
      ))}
    </ul>
  );
});
