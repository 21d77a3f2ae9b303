import type { Effect } from "effect";
import type { ActivationFeature } from "../../domain/Activation";
import type { AgentLicenceState, LicenceBundle, LicenceType } from "../../domain/Licence";
import type { App, JsonObject } from "../../domain/App";
import type { ActivationMethod } from "../../rules/activation";
import type { Conflict, NotFound } from "../../errors";
import type { CallError } from "./common";

/**
 * Licences of the selected company (issue 12; rules/licences.ts says what may be activated).
 * Every change answers the device's licence state as it now is.
 */
export interface LicencesApi {
  /** The platform's licence types. Fails with a CallError. */
  readonly types: () => Effect.Effect<ReadonlyArray<LicenceType>, CallError>;
  /** The company's licence bundles with their seats used. Fails with a CallError. */
  readonly bundles: () => Effect.Effect<ReadonlyArray<LicenceBundle>, CallError>;
  /** Every device the caller sees with what it holds. Fails with a CallError. */
  readonly devices: () => Effect.Effect<ReadonlyArray<AgentLicenceState>, CallError>;
  /** One device's licence state. Fails with NotFound or a CallError. */
  readonly device: (agentPublicId: string) => Effect.Effect<AgentLicenceState, CallError | NotFound>;
  /**
   * Activates alarming or logging on a device by one method. Fails with InvalidInput, NotFound (device or
   * licence), Conflict (FEATURE_ALREADY_ACTIVE, TRIAL_ALREADY_USED, LICENCE_*, COUPON_*) or a CallError.
   */
  readonly activate: (feature: ActivationFeature, agentPublicId: string, method: ActivationMethod) => Effect.Effect<AgentLicenceState, CallError | NotFound | Conflict>;
  /** Deactivates a feature on a device. Fails with NotFound, Conflict FEATURE_NOT_ACTIVE or a CallError. */
  readonly deactivate: (feature: ActivationFeature, agentPublicId: string) => Effect.Effect<AgentLicenceState, CallError | NotFound | Conflict>;
  /** Activates a bundle on a device. Fails with NotFound, Conflict (BUNDLE_ALREADY_ACTIVE, LICENCE_EXPIRED, LICENCE_HAS_NO_FREE_SEAT) or a CallError. */
  readonly activateBundle: (agentPublicId: string, bundlePublicId: string) => Effect.Effect<AgentLicenceState, CallError | NotFound | Conflict>;
  /** Removes bundles from a device. Fails with NotFound or a CallError. */
  readonly deactivateBundles: (agentPublicId: string, bundlePublicIds: ReadonlyArray<string>) => Effect.Effect<AgentLicenceState, CallError | NotFound>;
  /** Extends a bundle by its type's period. Fails with NotFound or a CallError. */
  readonly extend: (bundlePublicId: string) => Effect.Effect<LicenceBundle, CallError | NotFound>;
}

/** Apps of the selected company (issue 12): the catalogue, installation and configuration. */
export interface AppsApi {
  /** The catalogue with each app's state in the company. Fails with a CallError. */
  readonly list: () => Effect.Effect<ReadonlyArray<App>, CallError>;
  /** Installs an app. Fails with NotFound, Conflict APP_ALREADY_INSTALLED or a CallError. */
  readonly install: (publicId: string) => Effect.Effect<App, CallError | NotFound | Conflict>;
  /** Uninstalls an app. Fails with NotFound, Conflict APP_NOT_INSTALLED or a CallError. */
  readonly uninstall: (publicId: string) => Effect.Effect<App, CallError | NotFound | Conflict>;
  /**
   * Replaces an installed app's configuration. Fails with InvalidInput (each field the app's JSON
   * Schema refuses, propertyName "data.<field>"), NotFound, Conflict APP_NOT_INSTALLED or a CallError.
   */
  readonly saveConfig: (publicId: string, config: JsonObject) => Effect.Effect<App, CallError | NotFound | Conflict>;
}
