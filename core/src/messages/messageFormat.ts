/**
 * The catalogue-free half of the messages (messages.ts): placeholders, raw keys, the message of a
 * failed call and company overrides, over any catalogue of texts. messages.ts binds it to the whole
 * English catalogue (CLI, server, tests); the web's first load binds it to firstMessages.ts and
 * swaps in the whole catalogue once its chunk has arrived (web/src/stores/MessageStore.ts), so the
 * sign-in page does not carry every text of the portal.
 */

export interface MessageText {
  /** The sentence, with `{param}` placeholders. */
  readonly text: string;
  /** The sentence to use when a placeholder of `text` has no value. */
  readonly bare?: string;
}

/** Texts by message key. */
export type MessageCatalogue = Readonly<Record<string, MessageText>>;

/** Values put into placeholders; `name` is the usual one (a group type, an approver...). */
export type MessageParams = Readonly<Record<string, string | number | undefined>>;

/** Texts a company overrides, by message key (see overridesFromTranslations). */
export type MessageOverrides = ReadonlyMap<string, string>;

/** A message key with its params: what stores keep and views render with messageText. */
export interface Message {
  readonly key: string;
  readonly params?: MessageParams;
}

/** What messageForError needs of an error: a tag, and what the tagged errors may carry. */
export interface ErrorLike {
  readonly _tag: string;
  readonly message?: string;
  readonly issues?: ReadonlyArray<{ readonly message: string; readonly propertyName?: string }>;
  readonly name?: string;
  readonly reason?: string;
  readonly entity?: string;
  readonly status?: number;
}

const NO_OVERRIDES: MessageOverrides = new Map();

/** The one text every catalogue has: what an unknown raw key becomes. */
const GENERIC: MessageText = { text: "Something went wrong. Try again." };

/** A raw key: UPPER_SNAKE (REQUIRED, NAME_ALREADY_IN_USE) or a dotted catalogue key (error.NotFound). */
export const isRawKey = (text: string): boolean =>
  /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+(\.[\w-]+)?$/.test(text) || /^[A-Z]{4,}$/.test(text) || /^[a-z]+(\.[A-Za-z-]+)+$/.test(text);

const PLACEHOLDER = /\{(\w+)\}/g;

const fill = (template: string, params: MessageParams): string | null => {
  let missing = false;
  const out = template.replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name];
    if (value === undefined || String(value).trim() === "") {
      missing = true;
      return "";
    }
    return String(value);
  });
  return missing ? null : out;
};

const fromEntry = (entry: MessageText, params: MessageParams): string =>
  fill(entry.text, params) ?? entry.bare ?? entry.text.replace(PLACEHOLDER, "").replace(/\s+/g, " ").trim();

/** The message functions over one catalogue (read on every call, so a caller may swap it). */
export interface Messages {
  /** Whether the catalogue has a text for this key. */
  readonly hasMessage: (key: string) => boolean;
  /**
   * The sentence for a key (or a server sentence passed through). `overrides` are the company's
   * texts by key; a blank override is ignored.
   */
  readonly messageText: (keyOrText: string, params?: MessageParams, overrides?: MessageOverrides) => string;
  /**
   * The message for a failed call, as key and params: the first server issue when the server sent
   * words (a key of the catalogue or its own sentence), else the error tag's own text with its
   * details (the name that clashed, the entity not found, the reason a delete was refused).
   */
  readonly messageForError: (error: ErrorLike) => Message;
  /** The sentence for a failed call (messageForError, then messageText). */
  readonly errorText: (error: ErrorLike, overrides?: MessageOverrides) => string;
  /**
   * A company's overrides from its translations: each translation whose key is a catalogue key
   * gives its text in `language` (falling back to en). Other translations are ignored.
   */
  readonly overridesFromTranslations: (
    translations: ReadonlyArray<{ readonly key: string; readonly languages: Readonly<Record<string, string>> }>,
    language?: string,
  ) => MessageOverrides;
}

/** Builds the message functions over the catalogue `catalogue()` returns at each call. */
export function messagesOver(catalogue: () => MessageCatalogue): Messages {
  const hasMessage = (key: string): boolean => Object.hasOwn(catalogue(), key);

  const messageText = (keyOrText: string, params: MessageParams = {}, overrides: MessageOverrides = NO_OVERRIDES): string => {
    const override = overrides.get(keyOrText);
    if (override !== undefined && override.trim() !== "") {
      const filled = fill(override, params);
      if (filled !== null) return filled;
    }
    const entry = hasMessage(keyOrText) ? catalogue()[keyOrText] : undefined;
    if (entry !== undefined) return fromEntry(entry, params);
    if (keyOrText.trim() === "" || isRawKey(keyOrText.trim())) return fromEntry(catalogue()["generic"] ?? GENERIC, {});
    return keyOrText;
  };

  const messageForError = (error: ErrorLike): Message => {
    switch (error._tag) {
      case "NameAlreadyInUse": return { key: "NAME_ALREADY_IN_USE", params: { name: error.name } };
      case "CannotDeleteGroupType": return { key: error.reason ? `CANNOT_DELETE_GROUP_TYPE.${error.reason}` : "CANNOT_DELETE_GROUP_TYPE" };
      case "CannotDeleteAssetType": return { key: error.reason ? `CANNOT_DELETE_ASSET_TYPE.${error.reason}` : "CANNOT_DELETE_ASSET_TYPE" };
      case "NotFound": return { key: "error.NotFound", params: { name: error.entity } };
      // A sign-in refusal carries the server's reason (a key such as TWO_FACTOR_INVALID, or words).
      case "Unauthenticated": return { key: error.reason && error.reason.trim() !== "" ? error.reason : "error.Unauthenticated" };
      case "ApiUnavailable": return { key: "error.ApiUnavailable" };
      case "Forbidden": return { key: "error.Forbidden" };
      case "RateLimited": return error.message ? { key: error.message } : { key: "error.RateLimited" };
    }
    const first = error.issues?.[0]?.message;
    if (first !== undefined && first.trim() !== "") return { key: first };
    const key = `error.${error._tag}`;
    if (hasMessage(key)) return { key, params: { name: error.status } };
    return { key: "generic" };
  };

  const errorText = (error: ErrorLike, overrides: MessageOverrides = NO_OVERRIDES): string => {
    const message = messageForError(error);
    return messageText(message.key, message.params, overrides);
  };

  const overridesFromTranslations: Messages["overridesFromTranslations"] = (translations, language = "en") => {
    const map = new Map<string, string>();
    for (const tr of translations) {
      if (!hasMessage(tr.key)) continue;
      const text = tr.languages[language] ?? tr.languages["en"];
      if (text !== undefined && text.trim() !== "") map.set(tr.key, text);
    }
    return map;
  };

  return { hasMessage, messageText, messageForError, errorText, overridesFromTranslations };
}
