/**
 * The app-store banner of mobile web (spec 2 and 9), for the Portal app only: core's appBanner
 * decides from the user agent's OS, the selected company's store links and whether it was
 * dismissed (for this page's life: the spec keeps no such flag in storage) between the 80 px
 * store banner and the 50 px generic one. The store banner's name and artwork come from the
 * App Store lookup of spec 7 (iOS links only; Google Play has none), read once per link.
 */
import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from "mobx";
import { appBanner, mobileOsOf, type AppBanner, type MobileOs } from "@portal/core/rules/mobile";
import { appStoreIdOf, type StoreDetails } from "@portal/core/rules/appStoreId";
import { IS_PORTAL_APP } from "../app/portalApp";
import type { RootStore } from "./RootStore";


export class AppBannerStore {
  dismissed = false;
  /** The lookup's answer for `detailsFor`; null while none (or failed). */
  details: StoreDetails | null = null;
  private detailsFor: string | null = null;
  private readonly stopLookup: () => void;
  readonly os: MobileOs | null;

  constructor(private readonly root: RootStore) {
    this.os = mobileOsOf(root.env.userAgent ?? "", root.env.maxTouchPoints ?? 0);
    makeObservable<AppBannerStore, "detailsFor">(this, {
      dismissed: observable, details: observableRef, detailsFor: false, banner: computed, dismiss: action,
    });
    this.stopLookup = reaction(() => this.banner, (banner) => void this.lookUp(banner), { fireImmediately: true });
  }

  /** The banner to show now, or null. */
  get banner(): AppBanner | null {
    return appBanner({ isPortalApp: IS_PORTAL_APP, os: this.os, links: this.root.branding.storeLinks, dismissed: this.dismissed });
  }

  /** The name the store banner shows: the store's, else the portal's. */
  get appName(): string {
    return this.details?.name ?? this.root.branding.displayName;
  }

  get storeName(): string {
    return this.os === "ios" ? "App Store" : "Google Play";
  }

  dismiss(): void {
    this.dismissed = true;
  }

  dispose(): void {
    this.stopLookup();
  }

  private async lookUp(banner: AppBanner | null): Promise<void> {
    const id = banner?.kind === "store" && this.os === "ios" ? appStoreIdOf(banner.storeUrl) : null;
    if (id === this.detailsFor) return;
    this.detailsFor = id;
    runInAction(() => (this.details = null));
    const lookup = this.root.appStoreLookup;
    if (id === null || lookup === null) return;
    const details = await lookup(id);
    if (this.detailsFor === id) runInAction(() => (this.details = details));
  }
}
