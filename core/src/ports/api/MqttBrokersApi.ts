import type { Effect } from "effect";
import type { MqttBroker, MqttBrokerDraft, MqttConnectionTestResult } from "../../domain/MqttBroker";
import type { Conflict, NotFound } from "../../errors";
import type { CallError, Created, ListPage, ListRequest } from "./common";

/**
 * MQTT broker clients of the selected company (issue 12; rules/mqttBrokers.ts says what is valid).
 * The password is write-only: a draft's password replaces the stored one when it is text, clears
 * it when null, and keeps it when absent.
 */
export interface MqttBrokersApi {
  /** A page of broker clients by name, with their live status. Fails with a CallError. */
  readonly list: (request?: ListRequest) => Effect.Effect<ListPage<MqttBroker>, CallError>;
  /** Adds one. Fails with InvalidInput (MQTT_* keys, REQUIRED), Conflict MQTT_BROKER_NAME_ALREADY_IN_USE or a CallError. */
  readonly add: (draft: MqttBrokerDraft) => Effect.Effect<Created, CallError | Conflict>;
  /** Changes one; answers it as saved. Fails with NotFound, InvalidInput, Conflict or a CallError. */
  readonly update: (publicId: string, draft: Partial<MqttBrokerDraft>) => Effect.Effect<MqttBroker, CallError | NotFound | Conflict>;
  /** Deletes one. Fails with NotFound or a CallError. */
  readonly remove: (publicId: string) => Effect.Effect<void, CallError | NotFound>;
  /**
   * Connects with the draft's settings and answers how it went (a failed connection is a result,
   * not an error). With `publicId` and no password, the stored password is used.
   * Fails with InvalidInput (bad settings), NotFound or a CallError.
   */
  readonly test: (draft: Partial<MqttBrokerDraft> & { readonly publicId?: string }) => Effect.Effect<MqttConnectionTestResult, CallError | NotFound>;
}
