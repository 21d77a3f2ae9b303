/**
 * The platform's app catalogue (issue 12): each app with the JSON Schema (draft-07) of its
 * configuration. The server validates a configuration with this schema (ajv, appConfig.ts) and the
 * web form is generated from the same schema, which the API hands out with the app. Written to the
 * database by ensureCatalogue (demo load and administrator creation); a changed schema here
 * replaces the stored one.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/Database";
import { apps } from "../db/schema";
import { newPublicId } from "../ids";

export interface CatalogueApp {
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly configSchema: Record<string, unknown>;
}

export const APP_CATALOGUE: ReadonlyArray<CatalogueApp> = [
  {
    key: "modbus-poller", name: "Modbus poller",
    description: "Reads Modbus TCP registers of a device behind the agent at a fixed interval.",
    configSchema: {
      type: "object", title: "Modbus poller", required: ["host", "port"], additionalProperties: false,
      properties: {
        host: { type: "string", title: "Host", minLength: 1, maxLength: 253, pattern: "^[A-Za-z0-9.-]+$", description: "Host name or IP address of the Modbus server" },
        port: { type: "integer", title: "Port", minimum: 1, maximum: 65535, default: 502 },
        unitId: { type: "integer", title: "Unit id", minimum: 0, maximum: 247, default: 1 },
        pollSeconds: { type: "integer", title: "Poll every (seconds)", minimum: 1, maximum: 3600, default: 10 },
      },
    },
  },
  {
    key: "email-alerts", name: "E-mail alerts",
    description: "Sends an e-mail when an alarm of the chosen severity is raised.",
    configSchema: {
      type: "object", title: "E-mail alerts", required: ["recipients", "severity"], additionalProperties: false,
      properties: {
        recipients: {
          type: "array", title: "Recipients", minItems: 1, maxItems: 20,
          items: { type: "string", title: "E-mail address", pattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", maxLength: 254 },
        },
        severity: { type: "string", title: "Lowest severity", enum: ["info", "warning", "critical"], default: "warning" },
        digest: { type: "boolean", title: "One digest per hour instead of one mail per alarm", default: false },
      },
    },
  },
  {
    key: "weather-overlay", name: "Weather overlay",
    description: "Shows the local weather beside the device's live values.",
    configSchema: {
      type: "object", title: "Weather overlay", required: ["city"], additionalProperties: false,
      properties: {
        city: { type: "string", title: "City", minLength: 1, maxLength: 100 },
        units: { type: "string", title: "Units", enum: ["metric", "imperial"], default: "metric" },
        refreshMinutes: { type: "integer", title: "Refresh every (minutes)", minimum: 5, maximum: 120, default: 15 },
      },
    },
  },
];

/** Writes the catalogue (insert or update by key); running it again changes nothing. */
export async function ensureCatalogue(db: Db): Promise<void> {
  for (const app of APP_CATALOGUE) {
    await db.insert(apps).values({ publicId: newPublicId(), key: app.key, name: app.name, description: app.description, configSchema: app.configSchema })
      .onConflictDoUpdate({ target: apps.key, set: { name: app.name, description: app.description, configSchema: sql`excluded.config_schema` } });
  }
}
