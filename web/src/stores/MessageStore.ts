/**
 * The texts people read: core's English message catalogue, overridden by the selected company's
 * translations whose key is a message key (spec 8; core/messages). Views render every key, server
 * message and error through `text` / `ofError`, so no raw key (REQUIRED, NAME_ALREADY_IN_USE...)
 * ever reaches the screen.
 *
 * The whole catalogue is its own chunk (about 7 kB gzip): the app starts with the sign-in page's
 * texts (core's firstMessages.ts) and swaps the whole catalogue in when it has arrived, which it
 * starts fetching at once; views are observers, so a text shown meanwhile is redrawn. A store
 * that keeps a ready sentence (sign-in errors) awaits `ready` first.
 */
import { action, computed, makeObservable, observableRef, runInAction } from "mobx";
import { FIRST_MESSAGES } from "@portal/core/messages/firstMessages";
import {
  messagesOver, type ErrorLike, type MessageCatalogue, type MessageOverrides, type MessageParams, type Messages,
} from "@portal/core/messages/messageFormat";
import type { Translation } from "@portal/core/domain/Translation";

/** Loads the whole English catalogue (its own chunk). */
export const loadEnglishMessages = async (): Promise<MessageCatalogue> =>
  (await import("@portal/core/messages/englishMessages")).ENGLISH_MESSAGES;

export class MessageStore {
  /** The company's translations, read through (TranslationStore, once built, lends its list). */
  private source: () => ReadonlyArray<Translation> = () => [];
  /** The sign-in page's texts until the whole catalogue has arrived. */
  private catalogue: MessageCatalogue;
  private readonly format: Messages = messagesOver(() => this.catalogue);
  /** Settles once the whole catalogue is in (or could not load: the first texts stay). */
  readonly ready: Promise<void>;

  /** `whole`: the catalogue at hand (tests); a loader: fetched now (the app). */
  constructor(whole: MessageCatalogue | (() => Promise<MessageCatalogue>) = loadEnglishMessages) {
    this.catalogue = typeof whole === "function" ? FIRST_MESSAGES : whole;
    makeObservable<MessageStore, "source" | "catalogue">(this, {
      source: observableRef, catalogue: observableRef, overrides: computed, readTranslationsFrom: action,
    });
    this.ready = typeof whole === "function"
      // A chunk that cannot load (server gone) leaves the first texts; the next start tries again.
      ? whole().then((all) => runInAction(() => void (this.catalogue = all)), () => undefined)
      : Promise.resolve();
  }

  /** Takes the company's translations from `source` (the translations store calls it when built). */
  readTranslationsFrom(source: () => ReadonlyArray<Translation>): void {
    this.source = source;
  }

  /** The message keys of the catalogue (the whole one, once it is in: await `ready`). */
  get keys(): ReadonlyArray<string> {
    return Object.keys(this.catalogue);
  }

  /** The company's texts by message key (only what its translations list holds, once loaded). */
  get overrides(): MessageOverrides {
    return this.format.overridesFromTranslations(this.source());
  }

  /** The sentence for a key or server message, with its placeholders filled. */
  text(keyOrText: string, params?: MessageParams): string {
    return this.format.messageText(keyOrText, params, this.overrides);
  }

  /** The sentence for a failed call. */
  ofError(error: ErrorLike): string {
    return this.format.errorText(error, this.overrides);
  }

  /** The sentence for a failed call without the company's texts (sign-in: no company yet). */
  englishOfError(error: ErrorLike): string {
    return this.format.errorText(error);
  }
}
