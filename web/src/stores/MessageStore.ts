/**
 * The texts people read: core's English message catalogue, overridden by the selected company's
 * translations whose key is a message key (spec 8; core/messages). Views render every key, server
 * message and error through `text` / `ofError`, so no raw key (REQUIRED, NAME_ALREADY_IN_USE...)
 * ever reaches the screen.
 */
import { action, computed, makeObservable, observableRef } from "mobx";
import {
  errorText, messageText, overridesFromTranslations, type ErrorLike, type MessageOverrides, type MessageParams,
} from "@portal/core/messages/messages";
import type { Translation } from "@portal/core/domain/Translation";

export class MessageStore {
  /** The company's translations, read through (TranslationStore, once built, lends its list). */
  private source: () => ReadonlyArray<Translation> = () => [];

  constructor() {
    makeObservable<MessageStore, "source">(this, { source: observableRef, overrides: computed, readTranslationsFrom: action });
  }

  /** Takes the company's translations from `source` (the translations store calls it when built). */
  readTranslationsFrom(source: () => ReadonlyArray<Translation>): void {
    this.source = source;
  }

  /** The company's texts by message key (only what its translations list holds, once loaded). */
  get overrides(): MessageOverrides {
    return overridesFromTranslations(this.source());
  }

  /** The sentence for a key or server message, with its placeholders filled. */
  text(keyOrText: string, params?: MessageParams): string {
    return messageText(keyOrText, params, this.overrides);
  }

  /** The sentence for a failed call. */
  ofError(error: ErrorLike): string {
    return errorText(error, this.overrides);
  }
}
