/**
 * The demo device's services, for `portal agent --demo-services` and the tests: an HTTP "HMI"
 * page, a Modbus TCP server and a TCP echo, all on 127.0.0.1 only. Their values follow the clock
 * (slow sine waves and a counter), so a person looking through the tunnel sees them move.
 */
import { once } from "node:events";
import { createServer as createHttpServer, type Server as HttpServer, type ServerResponse } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from "node:net";
// The server module alone: the package's index also loads serialport, a native add-on we do not use.
import ServerTCP from "modbus-serial/servers/servertcp.js";
import type { DemoService, ServiceAddress } from "../tunnel/agentConfig";
import { HMI_CSS, HMI_JS, hmiHtml } from "./demoHmiPage";

export interface DemoValues {
  readonly temperatureC: number;
  readonly pressureBar: number;
  readonly speedRpm: number;
  readonly partsMade: number;
}

/** The values at `ms` since the services started: the HMI and the Modbus registers show the same ones. */
export const demoValues = (ms: number): DemoValues => {
  const s = ms / 1000;
  return {
    temperatureC: Math.round((62 + 4 * Math.sin(s / 20) + 0.6 * Math.sin(s * 1.3)) * 10) / 10,
    pressureBar: Math.round((5.2 + 0.4 * Math.sin(s / 7)) * 100) / 100,
    speedRpm: Math.round(1480 + 25 * Math.sin(s / 3)),
    partsMade: Math.floor(s / 2),
  };
};

/** Holding registers 0..3: temperature ×10, pressure ×100, speed, parts made (mod 65536); 100..109 are writable set points. */
export const holdingRegister = (values: DemoValues, setPoints: ReadonlyMap<number, number>, address: number): number | null => {
  switch (address) {
    case 0: return Math.round(values.temperatureC * 10);
    case 1: return Math.round(values.pressureBar * 100);
    case 2: return values.speedRpm;
    case 3: return values.partsMade % 65_536;
    default: return address >= 100 && address < 110 ? setPoints.get(address) ?? 0 : null;
  }
};

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface DemoServicesOptions {
  /** Shown on the HMI page. */
  readonly deviceName?: string;
  /** Fixed ports; ephemeral when omitted. */
  readonly ports?: Partial<Record<"hmi" | "modbus" | "echo", number>>;
}

export interface DemoServices {
  readonly addresses: Record<DemoService, ServiceAddress>;
  close(): Promise<void>;
}

const listen = async (server: HttpServer | TcpServer, port: number): Promise<ServiceAddress> => {
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  return { host: "127.0.0.1", port: (server.address() as AddressInfo).port };
};

function startHmi(deviceName: string, started: number): HttpServer {
  const send = (res: ServerResponse, type: string, body: string) =>
    res.writeHead(200, { "Content-Type": type, "Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" }).end(body);
  return createHttpServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" && req.method !== "HEAD") return void res.writeHead(405, { Allow: "GET, HEAD" }).end();
    if (path === "/") return send(res, "text/html; charset=utf-8", hmiHtml(deviceName));
    if (path === "/hmi.css") return send(res, "text/css; charset=utf-8", HMI_CSS);
    if (path === "/hmi.js") return send(res, "text/javascript; charset=utf-8", HMI_JS);
    if (path === "/values.json") return send(res, "application/json", JSON.stringify(demoValues(Date.now() - started)));
    res.writeHead(404, { "Content-Type": "text/plain", "Content-Security-Policy": CSP }).end("Not found\n");
  });
}

/**
 * ServerTCP listens in its constructor and takes port 0 for "the Modbus default 502", so an
 * ephemeral port is found first with a plain server; a port taken in between fails with
 * serverError and the next one is tried.
 */
async function startModbus(port: number | undefined, started: number): Promise<{ server: ServerTCP; address: ServiceAddress }> {
  const setPoints = new Map<number, number>();
  const vector = {
    getHoldingRegister: (address: number) => {
      const value = holdingRegister(demoValues(Date.now() - started), setPoints, address);
      if (value === null) throw Object.assign(new Error("Illegal data address"), { modbusErrorCode: 0x02 });
      return value;
    },
    getInputRegister: (address: number) => vector.getHoldingRegister(address),
    setRegister: (address: number, value: number) => {
      if (address < 100 || address >= 110) throw Object.assign(new Error("Illegal data address"), { modbusErrorCode: 0x02 });
      setPoints.set(address, value);
    },
  };
  for (let attempt = 0; ; attempt++) {
    const chosen = port ?? (await (async () => {
      const probe = createTcpServer();
      const { port: free } = await listen(probe, 0);
      await new Promise((resolve) => probe.close(resolve));
      return free;
    })());
    const server = new ServerTCP(vector, { host: "127.0.0.1", port: chosen, unitID: 1 });
    const outcome = await Promise.race([once(server, "initialized").then(() => null), once(server, "serverError").then(([e]) => e as Error)]);
    if (outcome === null) return { server, address: { host: "127.0.0.1", port: chosen } };
    if (port !== undefined || attempt >= 3) throw outcome;
  }
}

/** Starts the three services; `close()` stops them and drops their connections. */
export async function startDemoServices(options: DemoServicesOptions = {}): Promise<DemoServices> {
  const started = Date.now();
  const hmi = startHmi(options.deviceName ?? "Demo device", started);
  const echoSockets = new Set<Socket>();
  const echo = createTcpServer((socket) => {
    echoSockets.add(socket);
    socket.once("close", () => echoSockets.delete(socket));
    socket.setNoDelay(true);
    socket.on("error", () => socket.destroy());
    socket.pipe(socket);
  });
  const hmiAddress = await listen(hmi, options.ports?.hmi ?? 0);
  const echoAddress = await listen(echo, options.ports?.echo ?? 0);
  const modbus = await startModbus(options.ports?.modbus, started);
  return {
    addresses: { "demo:hmi": hmiAddress, "demo:modbus": modbus.address, "demo:echo": echoAddress },
    close: async () => {
      hmi.closeAllConnections();
      for (const socket of echoSockets) socket.destroy();
      for (const socket of modbus.server.socks.keys()) socket.destroy();
      await Promise.all([
        new Promise((resolve) => hmi.close(resolve)),
        new Promise((resolve) => echo.close(resolve)),
        new Promise((resolve) => modbus.server.close(() => resolve(undefined))),
      ]);
    },
  };
}
