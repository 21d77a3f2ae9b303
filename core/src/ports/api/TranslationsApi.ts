import type { Effect } from "effect";
import type { Translation, TranslationInput, TranslationUpdate } from "../../domain/Translation";
import type { Conflict, NotFound } from "../../errors";
import type { CallError, Created, ListPage, ListRequest } from "./common";

/** What an upsert did. */
export interface UpsertResult {
  readonly created: number;
  readonly updated: number;
}

/**
 * Translations of the selected company. Every batch is one transaction (all or none); its
 * InvalidInput and Conflict issues carry the failing entry's listIndex, with the spec's
 * messages: 400 'Required property', 'Required language missing: en', 'Value does not match
 * regex expression'; 409 'Duplicate'.
 */
export interface TranslationsApi {
  /** A page of translations with all fields and languages. Fails with a CallError. */
  readonly list: (request?: ListRequest) => Effect.Effect<ListPage<Translation>, CallError>;
  /** Creates a batch. Fails with InvalidInput, Conflict (duplicate keys, in the batch or stored) or a CallError. */
  readonly createMany: (batch: ReadonlyArray<TranslationInput>) => Effect.Effect<ReadonlyArray<Created>, CallError | Conflict>;
  /** Updates a batch, each entry by publicId. Fails with InvalidInput, Conflict, NotFound or a CallError. */
  readonly updateMany: (batch: ReadonlyArray<TranslationUpdate>) => Effect.Effect<void, CallError | Conflict | NotFound>;
  /** Deletes a batch by publicId. Fails with NotFound or a CallError. */
  readonly removeMany: (publicIds: ReadonlyArray<string>) => Effect.Effect<void, CallError | NotFound>;
  /**
   * Adds unknown keys and updates changed ones (rules/translations.ts planTranslationUpsert);
   * unchanged entries are left alone, so the same batch twice changes nothing the second time.
   * Fails with InvalidInput, Conflict or a CallError.
   */
  readonly upsert: (batch: ReadonlyArray<TranslationInput>) => Effect.Effect<UpsertResult, CallError | Conflict>;
}
