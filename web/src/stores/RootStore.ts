/**
 * The root of the app's state: receives the ports (PortalApi, VpnConnector, Clock, Storage), the
 * navigation callback and the environment, and owns one store per concept. No module-level
 * singletons: every app instance (and every test) builds its own.
 */
import type { Effect, Result } from "effect";
import type { ClockShape } from "@portal/core/ports/Clock";
import type { PortalApiShape } from "@portal/core/ports/PortalApi";
import type { StorageShape } from "@portal/core/ports/Storage";
import type { VpnConnectorShape } from "@portal/core/ports/VpnConnector";
import type { StoreDetails } from "@portal/core/rules/appStoreLookup";
import type { MessageCatalogue } from "@portal/core/messages/messageFormat";
import { BootstrapStore } from "./BootstrapStore";
import { BrandingStore } from "./BrandingStore";
import { ConnectivityStore } from "./ConnectivityStore";
import { ConnectorStore } from "./ConnectorStore";
import { browserTimers, type AppEnv, type OnlineSignal, type OpenEventStream, type Timers } from "./env";
import type { SaveFile } from "./AuditTrailStore";
import { EventStreamStore } from "./EventStreamStore";
import { MessageStore } from "./MessageStore";
import { UiStore } from "./UiStore";
import { runResult } from "./runtime";
import { saveFileInBrowser } from "./saveFileInBrowser";
import { SessionStore } from "./SessionStore";
import { SnackbarStore } from "./SnackbarStore";
import { UpdateStore, type AppVersionSource } from "./UpdateStore";

/**
 * A store built on first use: any class whose constructor takes the RootStore. Its module is
 * imported (by value) by the screens and stores that use it, so it lands in their chunks, not
 * in the entry.
 */
export type StoreClass<T> = new (root: RootStore) => T;

/** What a lazily built store may hold that must end with the app (timers, reactions, streams). */
interface Disposable {
  dispose?: () => void;
  stop?: () => void;
}

export interface Ports {
  readonly api: PortalApiShape;
  readonly connector: VpnConnectorShape;
  readonly clock: ClockShape;
  readonly storage: StorageShape;
}

export interface RootDeps {
  readonly ports: Ports;
  readonly navigate: (path: string) => void;
  readonly env: AppEnv;
  /** The Api-Branding value for this page (adapters' brandingHost of env.hostname). */
  readonly brandingHost: string;
  readonly online: OnlineSignal;
  readonly timers?: Timers;
  /** The portal's event stream (adapters' eventStreamHttp); none: no realtime updates. */
  readonly events?: OpenEventStream;
  /** The running build and info.json (UpdateStore); none: no update check. */
  readonly appVersion?: AppVersionSource;
  /** Saves a downloaded file (exports); default: the browser's download of an object URL. */
  readonly saveFile?: SaveFile;
  /** The App Store lookup by id (adapters' lookUpAppStore); none: the app banner shows the portal's name. */
  readonly appStoreLookup?: (id: string) => Promise<StoreDetails | null>;
  /** The whole English catalogue, or its loader; default: its chunk, fetched at once (MessageStore). */
  readonly messages?: MessageCatalogue | (() => Promise<MessageCatalogue>);
}

export class RootStore {
  readonly ports: Ports;
  readonly env: AppEnv;
  readonly brandingHost: string;
  readonly online: OnlineSignal;
  readonly timers: Timers;
  private readonly navigateTo: (path: string) => void;

  readonly saveFile: SaveFile;
  readonly appStoreLookup: ((id: string) => Promise<StoreDetails | null>) | null;

  // Shell-wide stores, built with the app: the sign-in and error pages and the shell's frame use
  // them before any screen opens. Every other store is built on first use (`get`).
  readonly snackbars: SnackbarStore;
  readonly messages: MessageStore;
  readonly ui: UiStore;
  readonly session: SessionStore;
  readonly branding: BrandingStore;
  readonly bootstrap: BootstrapStore;
  readonly connector: ConnectorStore;
  readonly connectivity: ConnectivityStore;
  readonly update: UpdateStore;
  readonly events: EventStreamStore;

  /** The stores built on first use, by class (insertion order: disposed in reverse). */
  private readonly built = new Map<StoreClass<unknown>, unknown>();

  constructor(deps: RootDeps) {
    this.ports = deps.ports;
    this.env = deps.env;
    this.brandingHost = deps.brandingHost;
    this.online = deps.online;
    this.timers = deps.timers ?? browserTimers;
    this.navigateTo = deps.navigate;
    this.saveFile = deps.saveFile ?? saveFileInBrowser;
    this.appStoreLookup = deps.appStoreLookup ?? null;
    this.snackbars = new SnackbarStore();
    this.messages = new MessageStore(deps.messages);
    this.ui = new UiStore(this);
    this.session = new SessionStore(this);
    this.branding = new BrandingStore(this);
    this.bootstrap = new BootstrapStore(this);
    this.connector = new ConnectorStore(this);
    this.connectivity = new ConnectivityStore(this);
    this.update = new UpdateStore(this, deps.appVersion ?? null);
    this.events = new EventStreamStore(this, deps.events ?? null);
  }

  /**
   * The one instance of a screen's store in this app, built on first use: `root.get(GroupStore)`
   * (components: `useStore(GroupStore)`). Adding a store needs no change here.
   */
  get<T>(store: StoreClass<T>): T {
    let instance = this.built.get(store) as T | undefined;
    if (instance === undefined) {
      instance = new store(this);
      this.built.set(store, instance);
    }
    return instance;
  }

  /** The instance if something already built it (for updates that only matter to an open screen). */
  peek<T>(store: StoreClass<T>): T | undefined {
    return this.built.get(store) as T | undefined;
  }

  /** Restores the session from storage and starts listening to the online signal. */
  async init(): Promise<void> {
    this.connectivity.start();
    this.update.start();
    await this.session.restore();
  }

  dispose(): void {
    this.connectivity.stop();
    this.connector.stop();
    this.events.stop();
    this.update.stop();
    for (const instance of [...this.built.values()].reverse() as Disposable[]) {
      if (typeof instance.dispose === "function") instance.dispose();
      else if (typeof instance.stop === "function") instance.stop();
    }
  }

  navigate(path: string): void {
    this.navigateTo(path);
  }

  /** Runs a port call (services already provided) and returns its Result. */
  run<A, E>(effect: Effect.Effect<A, E, never>): Promise<Result.Result<A, E>> {
    return runResult(effect);
  }
}
