/**
 * Turns message keys and tagged errors into the sentences people read, for web and CLI alike.
 * A company's translations may override any text (a translation whose key is the message key);
 * otherwise the English catalogue (englishMessages.ts) answers.
 *
 * Guarantees: `messageText` never returns a raw key (an UPPER_SNAKE word, or a `error.`/dotted
 * catalogue key) and never a `{placeholder}`; a server sentence that is not a key passes through
 * unchanged (the server's own words, e.g. 'Audience has members'); an unknown raw key becomes the
 * generic sentence. Tests assert that every key core emits has its own text, so the generic
 * sentence is a safety net, not a way to ship a missing text.
 */
import { ENGLISH_MESSAGES, type MessageKey } from "./englishMessages";
import { messagesOver } from "./messageFormat";

export {
  isRawKey, messagesOver, type ErrorLike, type Message, type MessageCatalogue, type MessageOverrides, type MessageParams,
  type Messages, type MessageText,
} from "./messageFormat";

const english = messagesOver(() => ENGLISH_MESSAGES);

/** Whether the English catalogue has a text for this key. */
export const hasMessage = english.hasMessage;

/**
 * The sentence for a key (or a server sentence passed through). `overrides` are the company's
 * texts by key; a blank override is ignored.
 */
export const messageText = english.messageText;

/**
 * The message for a failed call, as key and params: the first server issue when the server sent
 * words (a key of the catalogue or its own sentence), else the error tag's own text with its
 * details (the name that clashed, the entity not found, the reason a delete was refused).
 */
export const messageForError = english.messageForError;

/** The sentence for a failed call (messageForError, then messageText). */
export const errorText = english.errorText;

/**
 * A company's overrides from its translations: each translation whose key is a catalogue key
 * gives its text in `language` (falling back to en). Other translations are ignored.
 */
export const overridesFromTranslations = english.overridesFromTranslations;

export type { MessageKey };
