/**
 * The relay benchmark's device-side TCP services (in the benchmark's own process, the same for
 * the direct baselines and the tunnel runs), a slow reader, and memory sampling of processes by
 * pid through /proc (Linux), so the agent and the VPN client run as their real binaries.
 */
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";

export const CHUNK = Buffer.alloc(64 * 1024, 0x61);
/** The slow reader takes this many bytes every SLOW_EVERY_MS. */
export const SLOW_BYTES = 64 * 1024;
export const SLOW_EVERY_MS = 100;

export interface Services {
  readonly ports: Record<"sink" | "echo" | "source" | "slow", number>;
  /** Resolves with the byte count of the next sink connection once its sender has ended it. */
  nextSink(): Promise<number>;
  /** Bytes the slow service has read so far (all its connections). */
  readonly slowRead: () => number;
  close(): Promise<void>;
}

/**
 * Reads `socket` at SLOW_BYTES per SLOW_EVERY_MS (a reader that falls behind keeps its
 * allowance, one that overshoots by a chunk pays it back). Returns the bytes read so far.
 */
export function readSlowly(socket: Socket): () => number {
  let allowance = 0;
  let read = 0;
  socket.pause();
  socket.on("data", (chunk: Buffer) => {
    read += chunk.byteLength;
    allowance -= chunk.byteLength;
    if (allowance <= 0) socket.pause();
  });
  const timer = setInterval(() => {
    allowance += SLOW_BYTES;
    if (allowance > 0) socket.resume();
  }, SLOW_EVERY_MS);
  socket.once("close", () => clearInterval(timer));
  return () => read;
}

/** Writes CHUNK after CHUNK as fast as the socket takes them, until it closes. Returns the bytes the socket has taken. */
export function pushFast(socket: Socket): () => number {
  let written = 0;
  const more = () => {
    while (!socket.destroyed && socket.writable) {
      written += CHUNK.byteLength;
      if (!socket.write(CHUNK)) return void socket.once("drain", more);
    }
  };
  socket.on("error", () => undefined);
  more();
  return () => written - socket.writableLength;
}

const listen = async (server: Server): Promise<number> => {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as { port: number }).port;
};

export async function startServices(): Promise<Services> {
  const sinkWaiters: Array<(n: number) => void> = [];
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.once("close", () => sockets.delete(socket));
  };
  const sink = createServer((socket) => {
    track(socket);
    let n = 0;
    socket.on("data", (chunk: Buffer) => (n += chunk.byteLength));
    socket.once("end", () => {
      sinkWaiters.shift()?.(n);
      socket.end();
    });
  });
  const echo = createServer((socket) => {
    track(socket);
    socket.setNoDelay(true);
    socket.pipe(socket);
  });
  const source = createServer((socket) => {
    track(socket);
    pushFast(socket);
  });
  const slowReaders: Array<() => number> = [];
  const slow = createServer((socket) => {
    track(socket);
    slowReaders.push(readSlowly(socket));
  });
  const servers = [sink, echo, source, slow];
  const [sinkPort, echoPort, sourcePort, slowPort] = await Promise.all(servers.map(listen));
  return {
    ports: { sink: sinkPort!, echo: echoPort!, source: sourcePort!, slow: slowPort! },
    nextSink: () => new Promise((resolve) => sinkWaiters.push(resolve)),
    slowRead: () => slowReaders.reduce((sum, read) => sum + read(), 0),
    close: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    },
  };
}

/** Resident set size of a process in MB (VmRSS), or NaN once it is gone. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** CPU time a process has used so far (user + system), in seconds, from /proc (clock ticks of 1/100 s); NaN once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Samples the RSS of each named pid every `everyMs` until stopped; gives the first sample and the peak of each. */
export function sampleRss(pids: Record<string, number>, everyMs = 50) {
  const first: Record<string, number> = {};
  const peak: Record<string, number> = {};
  const take = () => {
    for (const [name, pid] of Object.entries(pids)) {
      const mb = rssMb(pid);
      first[name] ??= mb;
      peak[name] = Math.max(peak[name] ?? 0, mb);
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop(): { first: Record<string, number>; peak: Record<string, number> } {
      clearInterval(timer);
      take();
      return { first, peak };
    },
  };
}

/** The p-th percentile (nearest rank) of `xs`. */
export const percentile = (xs: readonly number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((sorted.length * p) / 100) - 1))]!;
};
