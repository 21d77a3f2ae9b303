/**
 * Demo platform servers and a backend component template (issue 13), so a person sees them after
 * `npm start`: the demo company has two mdr servers (it may run templates) and two rsc servers;
 * Acme has one of each; the holding company has none, so creating a template there shows
 * 'Your company is not fully provisioned'. The demo company's "Temperature alarm" template has a
 * config, a subscription to portal/demo/+/temperatureC (the CLI's demo publisher sends there) and its
 * runner's first log lines.
 */
import { DEMO_MQTT_TOPIC_ROOT } from "@portal/core/rules/mqttBrokers";
import type { Db } from "../db/Database";
import { backendTemplates, messageSubscriptions, platformServers, templateConfigs } from "../db/schema";
import { newPublicId } from "../ids";
import { appendLogs, logDeployed } from "../templates/templateRunner";

export const DEMO_PLATFORM_SERVERS = {
  demo: [
    { name: "MDR Amsterdam 1", location: "Amsterdam, NL", type: "mdr" as const, vpnRange: "10.64.0.0/16" },
    { name: "MDR Frankfurt 1", location: "Frankfurt, DE", type: "mdr" as const, vpnRange: "10.65.0.0/16" },
    { name: "RSC Amsterdam 1", location: "Amsterdam, NL", type: "rsc" as const, vpnRange: "10.8.0.0/16" },
    { name: "RSC Virginia 1", location: "Ashburn, US", type: "rsc" as const, vpnRange: "fd00:8::/48" },
  ],
  acme: [
    { name: "Acme MDR", location: "Lyon, FR", type: "mdr" as const, vpnRange: "10.96.0.0/16" },
    { name: "Acme RSC", location: "Lyon, FR", type: "rsc" as const, vpnRange: "10.9.0.0/16" },
  ],
};

export async function seedDemoPlatform(tx: Db, company: { demo: { id: number; publicId: string }; acme: { id: number; publicId: string } }, now: number): Promise<void> {
  for (const key of ["demo", "acme"] as const) {
    await tx.insert(platformServers).values(DEMO_PLATFORM_SERVERS[key].map((s) => ({ ...s, publicId: newPublicId(), companyId: company[key].id })));
  }
  const at = new Date(now);
  const [template] = await tx.insert(backendTemplates).values({
    publicId: newPublicId(), companyId: company.demo.id, name: "Temperature alarm", description: "Raises an alarm when a pump runs hot.",
  }).returning();
  await logDeployed(tx, at, company.demo, template!);
  const [config] = await tx.insert(templateConfigs).values({ publicId: newPublicId(), templateId: template!.id, config: { thresholdCelsius: 80, notify: "shift-lead" } }).returning();
  const topic = `${DEMO_MQTT_TOPIC_ROOT}/+/temperatureC`;
  await tx.insert(messageSubscriptions).values({ publicId: newPublicId(), companyId: company.demo.id, templateId: template!.id, topic });
  await appendLogs(tx, at, [
    { company: company.demo, template: template!, event: { kind: "config", configPublicId: config!.publicId } },
    { company: company.demo, template: template!, event: { kind: "subscribed", topic } },
  ]);
}
