/**
 * Running one state change of a request (approve, reject, revoke, cancel, release, extend) for a
 * store: the request's buttons spin while it runs; success says so in a snackbar (a sentence of
 * core's catalogue); a failure shows the server's sentence (a second approver's 409 "already
 * decided", an ended access) and the lists are loaded again so the screen shows what is true now.
 */
import type { Effect } from "effect";
import type { MyAccessRequest } from "@portal/core/domain/AccessRequest";
import { SNACKBAR_LONG_MS } from "@portal/core/constants";
import type { ErrorLike } from "@portal/core/messages/messages";
import type { RootStore } from "./RootStore";

export interface ActionHost {
  setBusy(publicId: string, busy: boolean): void;
  refresh(): Promise<void>;
}

/** Runs `effect` for request `publicId`; true on success. `done` is the success message key. */
export async function runRequestAction(
  root: RootStore, host: ActionHost, publicId: string,
  effect: Effect.Effect<MyAccessRequest, ErrorLike>, done: string,
): Promise<boolean> {
  host.setBusy(publicId, true);
  const result = await root.run(effect);
  host.setBusy(publicId, false);
  if (result._tag === "Success") {
    root.snackbars.show({ message: done, timeoutMs: SNACKBAR_LONG_MS, intent: "success", key: `request-${publicId}` });
  } else {
    root.snackbars.show({
      message: root.messages.ofError(result.failure), timeoutMs: SNACKBAR_LONG_MS, intent: "danger", key: `request-${publicId}`,
    });
  }
  await host.refresh();
  return result._tag === "Success";
}
