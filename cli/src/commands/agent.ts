/**
 * `portal agent --config FILE [--demo-services]`: runs the relay links of every agent in the file
 * (one process may serve several devices, as the demo does) until SIGINT or SIGTERM. With
 * `--demo-services` the demo HMI, Modbus and echo services run in the same process and the
 * `demo:*` targets of the file lead to them.
 */
import type { Command } from "commander";
import { UsageError } from "../CliError";
import type { DemoServices } from "../demo/demoServices";
import { readAgentConfig, resolveTarget, type ServiceAddress } from "../tunnel/agentConfig";
import type { AgentLink } from "../tunnel/agent";

/** Resolves when the process is asked to stop. */
const stopSignal = (): Promise<string> =>
  new Promise((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"));
    process.once("SIGTERM", () => resolve("SIGTERM"));
  });

const stamp = (line: string) => void process.stderr.write(`${new Date().toISOString()} ${line}\n`);

export function registerAgent(program: Command): void {
  program
    .command("agent")
    .description("run the device agent: link to the portal's relay and serve the configured services")
    .requiredOption("--config <file>", "JSON file: {relayUrl, agents: [{agentId, secret, name, services: {serverPublicId: \"host:port\" | \"demo:hmi\" | ...}}]}")
    .option("--demo-services", "also run the demo HMI, Modbus and echo services in this process for the demo:* targets")
    .option("--demo-mqtt <url>", "with --demo-services: the MQTT broker the demo values are published to", "mqtt://127.0.0.1:1883")
    .action(async (options: { config: string; demoServices?: boolean; demoMqtt: string }) => {
      const config = readAgentConfig(options.config);
      // Loaded here, not at the top: every other command of the binary would pay for ws and modbus-serial.
      const { startAgentLink } = await import("../tunnel/agent");
      const { startDemoServices } = await import("../demo/demoServices");
      let demo: DemoServices | null = null;
      if (options.demoServices) {
        demo = await startDemoServices({ deviceName: config.agents.map((a) => a.name ?? a.agentId).join(", ") });
        for (const [name, address] of Object.entries(demo.addresses)) stamp(`demo service ${name} on ${address.host}:${address.port}`);
      }
      // The demo values also go to the demo MQTT broker, where the portal's "Demo broker" client subscribes.
      const publisher = options.demoServices
        ? (await import("../demo/demoMqttPublisher")).startDemoMqttPublisher({ url: options.demoMqtt, devices: config.agents.map((a) => a.name ?? a.agentId), log: stamp })
        : null;
      const links: AgentLink[] = [];
      try {
        for (const agent of config.agents) {
          const services: Record<string, ServiceAddress> = {};
          for (const [service, target] of Object.entries(agent.services)) {
            const address = resolveTarget(target, demo?.addresses);
            if (!address) {
              throw new UsageError({
                message: target.startsWith("demo:")
                  ? `${options.config}: service ${service} of agent ${agent.agentId} is ${target}: pass --demo-services`
                  : `${options.config}: service ${service} of agent ${agent.agentId}: ${target} is not a host:port`,
              });
            }
            services[service] = address;
          }
          links.push(startAgentLink({ relayUrl: config.relayUrl, agentId: agent.agentId, secret: agent.secret, ...(agent.name ? { name: agent.name } : {}), services, log: stamp }));
        }
        stamp(`stopping on ${await stopSignal()}`);
      } finally {
        await Promise.all(links.map((link) => link.stop()));
        await demo?.close();
        await publisher?.stop();
      }
    });
}
