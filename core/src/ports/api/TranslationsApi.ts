import type { Effect } from "effect";
import type { Translation, TranslationInput, TranslationUpdate } from "../../domain/Translation";
import type { Conflict, NotFound } from "../../errors";
import type { CallError, Created, ListPage, ListRequest } from "./common";
import type { TranslationSort } from "../../rules/translations";

/** What an upsert did. */
export interface UpsertResult {
  readonly created: number;
  readonly updated: number;
  /** Entries the batch repeated exactly: left alone. */
  readonly unchanged: number;
}

/** A page of the translations list: api.md's list parameters plus the screen's search and sort. */
export interface TranslationListRequest extends ListRequest {
  /** Case-insensitive, in the key and in every language's text (rules/translations.ts matchesTranslationSearch). */
  readonly search?: string;
  /** By key (the default) or by the English text, ascending (rules/translations.ts TranslationSort). */
  readonly sort?: TranslationSort;
}

/**
 * Translations of the selected company. Every batch is one transaction (all or none); its
 * InvalidInput and Conflict issues carry the failing entry's listIndex, with the spec's
 * messages: 400 'Required property', 'Required language missing: en', 'Value does not match
 * regex expression'; 409 'Duplicate'.
 */
export interface TranslationsApi {
  /** A page of translations with all fields and languages, searched and sorted. Fails with a CallError. */
  readonly list: (request?: TranslationListRequest) => Effect.Effect<ListPage<Translation>, CallError>;
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
