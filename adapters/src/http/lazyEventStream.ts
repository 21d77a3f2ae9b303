/**
 * The event stream opener imported on first use (see lazyAreas.ts): the stream opens once the
 * module is in; a module that cannot load reads as a stream that could not open (onClose with
 * status 0), which the caller retries as it retries a dropped stream.
 */
import type { OpenEventStream } from "./EventStreamHttp";

export function lazyEventStream(load: () => Promise<OpenEventStream>): OpenEventStream {
  let loading: Promise<OpenEventStream> | null = null;
  return (lastEventId, handlers) => {
    let closed = false;
    let close = () => undefined as void;
    (loading ??= load().catch((e: unknown) => {
      loading = null;
      throw e;
    })).then(
      (open) => {
        if (!closed) close = open(lastEventId, handlers);
      },
      () => {
        if (!closed) handlers.onClose(0);
      },
    );
    return () => {
      closed = true;
      close();
    };
  };
}
