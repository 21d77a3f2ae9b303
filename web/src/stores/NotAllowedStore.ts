/**
 * The not-allowed page's action list (spec section 2): go to portal (only in production with a
 * known web root URL; same tab on the web, new tab elsewhere), switch company (only with a company
 * selected), log out; shown once the API is discovered.
 */
import { computed, makeObservable } from "mobx";
import type { RootStore } from "./RootStore";

export type NotAllowedAction =
  | { readonly kind: "portal"; readonly href: string; readonly newTab: boolean }
  | { readonly kind: "switch-company" }
  | { readonly kind: "logout" };

export class NotAllowedStore {
  constructor(private readonly root: RootStore) {
    makeObservable(this, { actions: computed });
  }

  get actions(): ReadonlyArray<NotAllowedAction> {
    const { env, bootstrap, session } = this.root;
    if (!bootstrap.discovered) return [];
    const list: NotAllowedAction[] = [];
    if (env.isProduction && env.webRootUrl !== null) list.push({ kind: "portal", href: env.webRootUrl, newTab: env.platform !== "web" });
    if (session.selectedCompanyId !== null) list.push({ kind: "switch-company" });
    list.push({ kind: "logout" });
    return list;
  }
}
