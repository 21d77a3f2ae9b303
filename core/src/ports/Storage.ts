/**
 * The Storage port: client-side key-value storage (spec.md section 3 "Client-side storage":
 * consent flag, force protocol, browser id, muted reminders, auth expiry). Values are strings;
 * callers encode with Schema. An entry may carry an expiry instant.
 */
import { Context, type Effect } from "effect";
import type { StorageFailure } from "../errors";

export interface StorageSetOptions {
  /** Epoch ms after which the entry reads as absent; omitted means kept forever. */
  readonly expiresAt?: number;
}

export interface StorageShape {
  /**
   * The value stored under `key`, or undefined when absent or expired (per the Clock), so a
   * caller never sees a stale value. Never fails: unreadable storage reads as absent.
   */
  readonly get: (key: string) => Effect.Effect<string | undefined>;
  /** Stores `value` under `key`, replacing any entry and its expiry. Fails with StorageFailure when refused. */
  readonly set: (key: string, value: string, options?: StorageSetOptions) => Effect.Effect<void, StorageFailure>;
  /** Removes the entry; removing an absent key succeeds. Never fails. */
  readonly remove: (key: string) => Effect.Effect<void>;
}

export class Storage extends Context.Service<Storage, StorageShape>()("@portal/core/ports/Storage") {}
