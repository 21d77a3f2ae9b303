/**
 * The data schemas of the event stream's events, as decoders of an event's data text: loaded with
 * the stream (EventStreamStore), not with the sign-in page, which carries no schemas.
 */
import { Result, Schema } from "effect";
import {
  AccessRequestEvent, BrandingChangedEvent, LicenceChangedEvent, MessagesChangedEvent, MqttBrokerStatusEvent, ReportChangedEvent, RightsChangedEvent,
} from "@portal/core/wire/events";

/** The decoded data, or null when it is not JSON or not of the schema's shape. */
const decoder = <S extends Schema.Decoder<unknown>>(schema: S) => {
  const decode = Schema.decodeUnknownResult(schema);
  return (data: string): S["Type"] | null => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return null;
    }
    const result = decode(parsed);
    return Result.isSuccess(result) ? result.success : null;
  };
};

export const eventDecoders = {
  accessRequest: decoder(AccessRequestEvent),
  rightsChanged: decoder(RightsChangedEvent),
  mqttStatus: decoder(MqttBrokerStatusEvent),
  messagesChanged: decoder(MessagesChangedEvent),
  brandingChanged: decoder(BrandingChangedEvent),
  licenceChanged: decoder(LicenceChangedEvent),
  reportChanged: decoder(ReportChangedEvent),
};
export type EventDecoders = typeof eventDecoders;
