/**
 * One endpoint of the wire contract (a method of a route): the rights it needs and the schemas
 * of its path parameters, query, payload and success data. The server decodes with them, the
 * OpenAPI document is generated from them, the HTTP adapter decodes answers with them, and the
 * server's handler table is typed by them (see routes.ts for the table and the derived types).
 */
import { Schema } from "effect";
import { BULK_MAX_ITEMS } from "../constants";
import { PublicIdRef } from "../domain/AccessRequest";
import type { Right } from "../domain/Right";

export interface EndpointSpec {
  /** The caller needs at least one of these in the selected company; empty: any caller. */
  readonly rights: ReadonlyArray<Right>;
  /** Path parameters, e.g. `{ publicId }`; strings as they come from the URL. */
  readonly params?: Schema.Top;
  /** Query parameters besides the list query of api.md (fields, filters, page-size, page-after). */
  readonly query?: Schema.Top;
  /** The body; with `bulk`, the schema of one item of an item-or-list body. */
  readonly payload?: Schema.Top;
  /** The body is one item or a non-empty list of at most MAX_BULK_ITEMS items (api.md "Bulk"). */
  readonly bulk?: boolean;
  /** The success envelope's `data`. */
  readonly success: Schema.Top;
  /** The handler writes the reply itself (an event stream, a document): no envelope. */
  readonly raw?: boolean;
  /**
   * Only platform administrators may call it (a flag of the user, not a company right: issue 12's
   * administrator-only tools); everyone else gets 403.
   */
  readonly platformAdmin?: boolean;
  /** A one-line summary for the OpenAPI document. */
  readonly summary?: string;
}

/** Most items one bulk call may carry: bounds the work (and the event-loop time) of one request. */
export const MAX_BULK_ITEMS = BULK_MAX_ITEMS;

/** Declares an endpoint; the identity function that keeps the literal types of its schemas. */
export const endpoint = <const E extends EndpointSpec>(spec: E): E => spec;

/** The path parameter of item routes. */
export const PublicIdParams = Schema.Struct({ publicId: Schema.String });

/** Data of an answer that carries nothing the caller needs (e.g. a raw stream). */
export const NoData = Schema.Unknown;

/** The answer of a create or a bulk delete: the publicIds touched, in body order. */
export const PublicIdRefs = Schema.Array(PublicIdRef);

/** The decoded type of a schema, or `Fallback` when there is none. */
export type TypeOf<S, Fallback = undefined> = S extends Schema.Top ? S["Type"] : Fallback;

/** The decoded body of an endpoint: one item, or one item or a list of them for bulk endpoints. */
export type PayloadOf<E extends EndpointSpec> = E extends { readonly payload: infer P extends Schema.Top }
  ? E extends { readonly bulk: true } ? P["Type"] | ReadonlyArray<P["Type"]> : P["Type"]
  : unknown;

/** The decoded success data of an endpoint (what its handler must answer). */
export type SuccessOf<E extends EndpointSpec> = E["success"]["Type"];
