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
import { BootstrapStore } from "./BootstrapStore";
import { BrandingStore } from "./BrandingStore";
import { ConnectivityStore } from "./ConnectivityStore";
import { ConnectorStore } from "./ConnectorStore";
import { browserTimers, type AppEnv, type OnlineSignal, type OpenEventStream, type Timers } from "./env";
import { AccessRequestDialogStore } from "./AccessRequestDialogStore";
import { ApprovalsStore } from "./ApprovalsStore";
import { DevicesStore } from "./DevicesStore";
import { EventStreamStore } from "./EventStreamStore";
import { MyAccessRequestsStore } from "./MyAccessRequestsStore";
import { ReminderStore } from "./ReminderStore";
import { MessageStore } from "./MessageStore";
import { NotAllowedStore } from "./NotAllowedStore";
import { UiStore } from "./UiStore";
import { AssetTypeStore } from "./AssetTypeStore";
import { AuditTrailStore, type SaveFile } from "./AuditTrailStore";
import { UsageStore } from "./UsageStore";
import { AuditRetentionStore } from "./AuditRetentionStore";
import { saveFileInBrowser } from "./saveFileInBrowser";
import { GroupStore } from "./GroupStore";
import { GroupTypeStore } from "./GroupTypeStore";
import { TranslationStore } from "./TranslationStore";
import { runResult } from "./runtime";
import { SessionStore } from "./SessionStore";
import { TunnelSessionsStore } from "./TunnelSessionsStore";
import { UsersStore } from "./UsersStore";
import { InviteDialogStore } from "./InviteDialogStore";
import { InviteAcceptStore } from "./InviteAcceptStore";
import { AgentCredentialStore } from "./AgentCredentialStore";
import { MyProfileStore } from "./MyProfileStore";
import { MySessionsStore } from "./MySessionsStore";
import { TwoFactorStore } from "./TwoFactorStore";
import { RecoverStore } from "./RecoverStore";
import { VpnConnectStore } from "./VpnConnectStore";
import { VpnStatusStore } from "./VpnStatusStore";
import { ShellDataStore } from "./ShellDataStore";
import { SnackbarStore } from "./SnackbarStore";
import { UpdateStore, type AppVersionSource } from "./UpdateStore";
import { AccessCategoriesStore } from "./AccessCategoriesStore";
import { CustomFieldsStore } from "./CustomFieldsStore";
import { AudienceDialogStore } from "./AudienceDialogStore";
import { PagesStore } from "./PagesStore";
import { MqttBrokersStore } from "./MqttBrokersStore";
import { IdentityStore } from "./IdentityStore";
import { MenuItemsStore } from "./MenuItemsStore";
import { LicencesStore } from "./LicencesStore";
import { AppsStore } from "./AppsStore";
import { RolesStore } from "./RolesStore";
import { PolicyBuilderStore } from "./PolicyBuilderStore";
import { TermsStore } from "./TermsStore";
import { RegisterStore } from "./RegisterStore";
import { MyMessagesStore } from "./MyMessagesStore";
import { PolicyStore } from "./PolicyStore";
import { DataPointsStore } from "./DataPointsStore";

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
}

export class RootStore {
  readonly ports: Ports;
  readonly env: AppEnv;
  readonly brandingHost: string;
  readonly online: OnlineSignal;
  readonly timers: Timers;
  private readonly navigateTo: (path: string) => void;

  readonly snackbars: SnackbarStore;
  readonly messages: MessageStore;
  readonly ui: UiStore;
  readonly session: SessionStore;
  readonly branding: BrandingStore;
  readonly bootstrap: BootstrapStore;
  readonly shellData: ShellDataStore;
  readonly connector: ConnectorStore;
  readonly connectivity: ConnectivityStore;
  readonly notAllowed: NotAllowedStore;
  readonly translations: TranslationStore;
  readonly groupTypes: GroupTypeStore;
  readonly groups: GroupStore;
  readonly assetTypes: AssetTypeStore;
  readonly auditTrail: AuditTrailStore;
  readonly auditRetention: AuditRetentionStore;
  readonly devices: DevicesStore;
  readonly accessRequestDialog: AccessRequestDialogStore;
  readonly myRequests: MyAccessRequestsStore;
  readonly approvals: ApprovalsStore;
  readonly reminders: ReminderStore;
  readonly update: UpdateStore;
  readonly events: EventStreamStore;
  readonly vpnConnect: VpnConnectStore;
  readonly vpnStatus: VpnStatusStore;
  readonly tunnelSessions: TunnelSessionsStore;
  readonly agentCredential: AgentCredentialStore;
  readonly users: UsersStore;
  readonly inviteDialog: InviteDialogStore;
  readonly inviteAccept: InviteAcceptStore;
  readonly roles: RolesStore;
  readonly accessCategories: AccessCategoriesStore;
  readonly customFields: CustomFieldsStore;
  readonly audienceDialog: AudienceDialogStore;
  readonly mqttBrokers: MqttBrokersStore;
  readonly usage: UsageStore;
  readonly identity: IdentityStore;
  readonly menuItems: MenuItemsStore;
  readonly pages: PagesStore;
  readonly licences: LicencesStore;
  readonly apps: AppsStore;
  readonly myProfile: MyProfileStore;
  readonly mySessions: MySessionsStore;
  readonly twoFactor: TwoFactorStore;
  readonly recover: RecoverStore;
  readonly terms: TermsStore;
  readonly register: RegisterStore;
  readonly myMessages: MyMessagesStore;
  readonly policy: PolicyStore;
  /** The builders of the company's own terms of use and privacy statement (issue 12). */
  readonly termsBuilder: PolicyBuilderStore;
  readonly privacyBuilder: PolicyBuilderStore;
  /** Device data points of the page components, kept live (issue 13). */
  readonly dataPoints: DataPointsStore;

  constructor(deps: RootDeps) {
    this.ports = deps.ports;
    this.env = deps.env;
    this.brandingHost = deps.brandingHost;
    this.online = deps.online;
    this.timers = deps.timers ?? browserTimers;
    this.navigateTo = deps.navigate;
    this.snackbars = new SnackbarStore();
    this.messages = new MessageStore(this);
    this.ui = new UiStore(this);
    this.session = new SessionStore(this);
    this.branding = new BrandingStore(this);
    this.bootstrap = new BootstrapStore(this);
    this.shellData = new ShellDataStore(this);
    this.connector = new ConnectorStore(this);
    this.connectivity = new ConnectivityStore(this);
    this.notAllowed = new NotAllowedStore(this);
    this.translations = new TranslationStore(this);
    this.groupTypes = new GroupTypeStore(this, this.translations);
    this.groups = new GroupStore(this);
    this.assetTypes = new AssetTypeStore(this);
    this.auditTrail = new AuditTrailStore(this, deps.saveFile ?? saveFileInBrowser);
    this.auditRetention = new AuditRetentionStore(this);
    this.devices = new DevicesStore(this);
    this.accessRequestDialog = new AccessRequestDialogStore(this);
    this.myRequests = new MyAccessRequestsStore(this);
    this.approvals = new ApprovalsStore(this);
    this.reminders = new ReminderStore(this);
    this.update = new UpdateStore(this, deps.appVersion ?? null);
    this.events = new EventStreamStore(this, deps.events ?? null);
    this.vpnConnect = new VpnConnectStore(this);
    this.vpnStatus = new VpnStatusStore(this);
    this.tunnelSessions = new TunnelSessionsStore(this);
    this.agentCredential = new AgentCredentialStore(this);
    this.users = new UsersStore(this);
    this.inviteDialog = new InviteDialogStore(this);
    this.inviteAccept = new InviteAcceptStore(this);
    this.roles = new RolesStore(this);
    this.accessCategories = new AccessCategoriesStore(this);
    this.customFields = new CustomFieldsStore(this);
    this.audienceDialog = new AudienceDialogStore(this);
    this.mqttBrokers = new MqttBrokersStore(this);
    this.usage = new UsageStore(this, deps.saveFile ?? saveFileInBrowser);
    this.identity = new IdentityStore(this);
    this.menuItems = new MenuItemsStore(this);
    this.pages = new PagesStore(this);
    this.licences = new LicencesStore(this);
    this.apps = new AppsStore(this);
    this.myProfile = new MyProfileStore(this);
    this.mySessions = new MySessionsStore(this);
    this.twoFactor = new TwoFactorStore(this);
    this.recover = new RecoverStore(this);
    this.terms = new TermsStore(this);
    this.register = new RegisterStore(this);
    this.myMessages = new MyMessagesStore(this);
    this.policy = new PolicyStore(this);
    this.termsBuilder = new PolicyBuilderStore(this, "terms-of-use");
    this.privacyBuilder = new PolicyBuilderStore(this, "privacy-statement");
    this.dataPoints = new DataPointsStore(this);
    this.accessRequestDialog.onSent = (agentPublicId) => {
      void this.devices.refreshDevice(agentPublicId);
      void this.myRequests.refresh();
    };
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
    this.reminders.stop();
    this.update.stop();
    this.devices.dispose();
    this.vpnStatus.stop();
  }

  navigate(path: string): void {
    this.navigateTo(path);
  }

  /** Runs a port call (services already provided) and returns its Result. */
  run<A, E>(effect: Effect.Effect<A, E, never>): Promise<Result.Result<A, E>> {
    return runResult(effect);
  }
}
