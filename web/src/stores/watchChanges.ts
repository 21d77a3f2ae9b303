/**
 * Follows the local VPN client's pushed statuses (the VpnConnector port's `changes`). Its own
 * module, imported when ConnectorStore starts watching (a client was found): effect's Stream
 * (about 4 kB gzip) then stays out of the sign-in page's first load.
 */
import { Effect, Stream } from "effect";
import type { VpnClientStatus } from "@portal/core/domain/VpnClient";
import type { VpnClientUnreachable } from "@portal/core/errors";

/** Runs until the stream ends; `onStatus` sees each status in order. */
export const watchChanges = (
  changes: Stream.Stream<VpnClientStatus, VpnClientUnreachable>,
  onStatus: (status: VpnClientStatus) => void,
): Effect.Effect<void, VpnClientUnreachable> => Stream.runForEach(changes, (s) => Effect.sync(() => onStatus(s)));
