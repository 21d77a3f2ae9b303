import type { Effect } from "effect";
import type { PolicyBuilderView, PolicyKind, PolicyVersion } from "../../domain/PolicyVersion";
import type { PolicyDraft } from "../../rules/policyBuilder";
import type { CallError } from "./common";

/**
 * The builders of the selected company's own terms of use and privacy statement (issue 12;
 * rules/policyBuilder.ts says what may be published). Bodies come back sanitised by the server.
 */
export interface PolicyBuildersApi {
  /** The company's versions, newest first, and whose terms apply (terms only). Fails with Forbidden or a CallError. */
  readonly view: (kind: PolicyKind) => Effect.Effect<PolicyBuilderView, CallError>;
  /**
   * Publishes a new version. Terms: the company's own terms apply from then on (unless `source`
   * says "sector") and every user must accept them. Fails with InvalidInput (POLICY_BODY_REQUIRED,
   * POLICY_LANGUAGE_EXISTS, a bad language code), Forbidden or a CallError.
   */
  readonly publish: (kind: PolicyKind, draft: PolicyDraft, source?: "company" | "sector") => Effect.Effect<PolicyVersion, CallError>;
  /** Chooses whose terms apply: the company's own or the sector's. Fails with Forbidden or a CallError. */
  readonly setTermsSource: (source: "company" | "sector") => Effect.Effect<PolicyBuilderView, CallError>;
}
