import type { Effect } from "effect";
import type { CompanyIdentity, MenuItem } from "../../domain/Identity";
import type { Conflict, NotFound } from "../../errors";
import type { CallError, Created } from "./common";

/** The changes of an identity: a field left out keeps its value; an image is its file as base64, null removes it. */
export interface IdentityChanges {
  readonly name?: string;
  readonly theme?: string;
  readonly primaryColor?: string | null;
  readonly browserTitle?: string | null;
  readonly fqdn?: string | null;
  readonly appleAppStoreLink?: string | null;
  readonly googlePlayStoreLink?: string | null;
  readonly logo?: { readonly base64: string } | null;
  readonly appleTouchIcon?: { readonly base64: string } | null;
  readonly favicon?: { readonly base64: string } | null;
}

/** A menu item to save: without publicId it is created, with one updated (rules/menuItems.ts splitUpsert). */
export interface MenuItemInput {
  readonly publicId?: string;
  readonly label: string;
  readonly url: string;
  readonly order: number;
}

/** Company identity and menu items (issue 12). */
export interface IdentityApi {
  /** The selected company's identity (manage:branding). Fails with a CallError. */
  readonly get: () => Effect.Effect<CompanyIdentity, CallError>;
  /**
   * Changes the identity. Fails with InvalidInput (rules/identity.ts), Conflict FQDN_IN_USE, or an
   * ApiFailure 413 IMAGE_TOO_LARGE / 415 IMAGE_TYPE_NOT_ALLOWED or IMAGE_UNREADABLE, or a CallError.
   */
  readonly save: (changes: IdentityChanges) => Effect.Effect<CompanyIdentity, CallError | Conflict>;
  /** The company's menu items, in order. Fails with a CallError. */
  readonly menuItems: () => Effect.Effect<ReadonlyArray<MenuItem>, CallError>;
  /** Creates items in one call (one transaction). Fails with InvalidInput (with listIndex) or a CallError. */
  readonly addMenuItems: (items: ReadonlyArray<MenuItemInput>) => Effect.Effect<ReadonlyArray<Created>, CallError>;
  /** Updates items in one call. Fails with NotFound, InvalidInput (with listIndex) or a CallError. */
  readonly updateMenuItems: (items: ReadonlyArray<MenuItemInput & { readonly publicId: string }>) => Effect.Effect<void, CallError | NotFound>;
  /** Deletes items by publicId in one call. Fails with NotFound or a CallError. */
  readonly removeMenuItems: (publicIds: ReadonlyArray<string>) => Effect.Effect<void, CallError | NotFound>;
}
