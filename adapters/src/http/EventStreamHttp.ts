/**
 * The portal's event stream (`GET /api/events`, rel EventStream) read with fetch streaming, so
 * that the Bearer secret and Api-Version travel as headers (EventSource cannot send them). Parses
 * Server-Sent Events (event, data, id; comments and retry ignored) and hands each one over.
 * Reconnecting is the caller's choice: a stream that ends or fails calls onClose once.
 */
import { Effect } from "effect";
import type { HttpClient } from "./HttpClient";

/** One Server-Sent Event: its name ("message" when unnamed), its data text and its id. */
export interface StreamEvent {
  readonly id: string | null;
  readonly event: string;
  readonly data: string;
}

export interface EventStreamHandlers {
  readonly onOpen: () => void;
  readonly onEvent: (event: StreamEvent) => void;
  /** The stream ended or could not be opened; `status` is the HTTP status, 0 when unreachable. */
  readonly onClose: (status: number) => void;
}

/** Opens the stream after `lastEventId` (null: from now); the returned function closes it without onClose. */
export type OpenEventStream = (lastEventId: string | null, handlers: EventStreamHandlers) => () => void;

/** Splits a text stream into SSE events; keeps the unfinished tail between chunks. */
export class SseParser {
  private buffer = "";
  private fields: { id: string | null; event: string; data: string[] } = { id: null, event: "message", data: [] };

  constructor(private readonly emit: (event: StreamEvent) => void) {}

  push(chunk: string): void {
    this.buffer += chunk;
    let index: number;
    while ((index = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      // A CR at the end may be the first half of a CR LF cut between two chunks: wait for the next.
      if (index === this.buffer.length - 1 && this.buffer.endsWith("\r")) break;
      const line = this.buffer.slice(0, index);
      this.buffer = this.buffer.slice(index + (this.buffer.startsWith("\r\n", index) ? 2 : 1));
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === "") {
      if (this.fields.data.length > 0) this.emit({ id: this.fields.id, event: this.fields.event, data: this.fields.data.join("\n") });
      this.fields = { id: null, event: "message", data: [] };
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (name === "data") this.fields.data.push(value);
    else if (name === "event") this.fields.event = value;
    else if (name === "id") this.fields.id = value;
  }
}

/** The stream over `http`'s discovery, headers and session (company selected). */
export const eventStreamHttp = (http: HttpClient, baseUrl: string, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): OpenEventStream =>
  (lastEventId, handlers) => {
    const abort = new AbortController();
    let closed = false;
    const close = (status: number) => {
      if (closed) return;
      closed = true;
      handlers.onClose(status);
    };
    void (async () => {
      const links = await Effect.runPromise(Effect.result(http.discover()));
      const link = links._tag === "Success" ? links.success.find((l) => l.rel === "EventStream") : undefined;
      if (!link) return close(0);
      const headers: Record<string, string> = { ...http.headers({ company: true }), Accept: "text/event-stream" };
      if (lastEventId !== null) headers["Last-Event-ID"] = lastEventId;
      const response = await fetchImpl(new URL(link.href, baseUrl), { headers, signal: abort.signal, cache: "no-store" });
      if (!response.ok || response.body === null) return close(response.status);
      handlers.onOpen();
      const parser = new SseParser((event) => { if (!closed) handlers.onEvent(event); });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(value);
      }
      close(response.status);
    })().catch(() => close(0));
    return () => {
      closed = true;
      abort.abort();
    };
  };
