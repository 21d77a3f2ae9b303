import { once } from "node:events";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoValues, startDemoServices, type DemoServices } from "../src/demo/demoServices";

let demo: DemoServices;
beforeAll(async () => {
  demo = await startDemoServices({ deviceName: "Press <4>" });
});
afterAll(() => demo.close());

const url = (path: string) => `http://127.0.0.1:${demo.addresses["demo:hmi"].port}${path}`;

describe("demo services", () => {
  it("serves the HMI page with a strict CSP, its assets and live values", async () => {
    const page = await fetch(url("/"));
    expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'none'; script-src 'self'/);
    const html = await page.text();
    expect(html).toContain("<title>Demo HMI</title>");
    expect(html).toContain("Press &lt;4&gt;");
    expect(html).not.toMatch(/<script>|style=/);
    expect((await fetch(url("/hmi.js"))).headers.get("content-type")).toMatch(/javascript/);
    const values = (await (await fetch(url("/values.json"))).json()) as Record<string, number>;
    expect(Object.keys(values).sort()).toEqual(["partsMade", "pressureBar", "speedRpm", "temperatureC"]);
    expect((await fetch(url("/nope"))).status).toBe(404);
  });

  it("answers Modbus TCP: holding registers 0..3 follow the values", async () => {
    const socket = connect(demo.addresses["demo:modbus"].port, "127.0.0.1");
    await once(socket, "connect");
    // MBAP header (transaction 7, protocol 0, length 6, unit 1), then read holding registers (3) from 0, 4 of them.
    socket.write(Buffer.from([0, 7, 0, 0, 0, 6, 1, 3, 0, 0, 0, 4]));
    const [answer] = (await once(socket, "data")) as [Buffer];
    socket.destroy();
    expect([...answer.subarray(0, 9)]).toEqual([0, 7, 0, 0, 0, 11, 1, 3, 8]);
    const registers = [0, 1, 2, 3].map((i) => answer.readUInt16BE(9 + i * 2));
    expect(registers[0]! / 10).toBeGreaterThan(55);
    expect(registers[2]).toBeGreaterThan(1400);
  });

  it("echoes bytes", async () => {
    const socket = connect(demo.addresses["demo:echo"].port, "127.0.0.1");
    socket.end("ping");
    const [data] = (await once(socket, "data")) as [Buffer];
    expect(data.toString()).toBe("ping");
  });

  it("values stay in their ranges", () => {
    for (let ms = 0; ms < 3_600_000; ms += 997) {
      const v = demoValues(ms);
      expect(v.temperatureC).toBeGreaterThan(57);
      expect(v.temperatureC).toBeLessThan(67);
      expect(v.speedRpm).toBeGreaterThanOrEqual(1455);
    }
  });
});
