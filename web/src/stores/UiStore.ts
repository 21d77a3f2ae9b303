/**
 * UI state of the shell that no domain store owns: the current screen's title (for the document
 * title, composed with the branding title by core's documentTitle) and whether the narrow
 * layout's menu drawer is open.
 */
import { action, computed, makeObservable, observable } from "mobx";
import { documentTitle } from "@portal/core/rules/layout";
import type { RootStore } from "./RootStore";

export class UiStore {
  /** The title of the screen on display (its h1); null on pages without one. */
  screenTitle: string | null = null;
  /** The narrow layout's menu drawer. */
  menuOpen = false;

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      screenTitle: observable, menuOpen: observable, documentTitle: computed,
      setScreenTitle: action, openMenu: action, closeMenu: action,
    });
  }

  get documentTitle(): string {
    return documentTitle(this.screenTitle, this.root.branding.browserTitle);
  }

  setScreenTitle(title: string | null): void {
    this.screenTitle = title;
  }
  openMenu(): void {
    this.menuOpen = true;
  }
  closeMenu(): void {
    this.menuOpen = false;
  }
}
