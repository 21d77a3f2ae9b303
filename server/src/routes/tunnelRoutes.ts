/**
 * Remote access over HTTP (issue 10): tickets for the local VPN client, the agent credential,
 * the Active sessions view with its Disconnect, and the client's release feed and download. The
 * data plane itself is the relay (relay/Relay.ts). Every call is scoped to the selected company
 * (another company's agent or session answers 404) and checks the caller's rights on the device.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { and, desc, eq, isNull, type SQL } from "drizzle-orm";
import { Conflict, Forbidden, InvalidInput, NotFound } from "@portal/core/errors";
import type { TunnelSession } from "@portal/core/domain/Tunnel";
import { RELEASE_VERSION_PLACEHOLDER, type VpnClientReleaseFeed } from "@portal/core/domain/VpnClient";
import { bypassesApprovalWith } from "@portal/core/rules/deviceRights";
import { mayConnectNow } from "@portal/core/rules/tunnelAccess";
import type { ConnectTarget } from "@portal/core/rules/connectPermission";
import { toUtcIsoSeconds } from "@portal/core/rules/accessRequests";
import { writeAudit } from "../audit/writeAudit";
import { agentServers, agents, tunnelSessions, users } from "../db/schema";
import { callerRightsOf, findAgent, groupsOfAgents, rightsOn } from "../devices/deviceAccess";
import { HttpProblem } from "../http/HttpProblem";
import { actorOf, companyOf, userOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { noticeAtCommit } from "../relay/relayContext";
import { grantingRequests, issueToken, rotateAgentCredential } from "../relay/relayStore";
import { markDisconnected } from "../relay/sessions";

const DEVICE_RIGHTS = ["use:access-requests", "approve:access-requests", "manage:access-requests"];
const cliPackage = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "cli", "package.json");
const clientVersion = (): string => (JSON.parse(readFileSync(cliPackage, "utf8")) as { version: string }).version;

/** The caller's rights on the agent (company role and group roles). */
async function rightsOnAgent(ctx: RequestContext, agentId: number): Promise<Set<string>> {
  const groups = (await groupsOfAgents(ctx.db, [agentId])).get(agentId) ?? [];
  return rightsOn(await callerRightsOf(ctx, ctx.db), groups);
}

/** The ws(s) URL of a relay end, as the caller reached this server. */
const relayUrlOf = (ctx: RequestContext, end: "client" | "agent"): string => {
  const secure = ctx.request.protocol === "https";
  return `${secure ? "wss" : "ws"}://${ctx.request.headers.host ?? "localhost"}/api/relay/${end}`;
};

const sessionQuery = (ctx: RequestContext) => ctx.db.select({
  s: tunnelSessions, user: { publicId: users.publicId, name: users.name }, agent: { publicId: agents.publicId, name: agents.name },
  server: { publicId: agentServers.publicId, name: agentServers.name },
}).from(tunnelSessions).innerJoin(users, eq(users.id, tunnelSessions.userId)).innerJoin(agents, eq(agents.id, tunnelSessions.agentId))
  .innerJoin(agentServers, eq(agentServers.id, tunnelSessions.serverId));

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>["where"]>>[number];

const sessionView = (r: SessionRow): TunnelSession => ({
  publicId: r.s.publicId, user: r.user, agent: r.agent, service: r.server,
  start: toUtcIsoSeconds(r.s.startedAt.getTime()), end: r.s.endedAt ? toUtcIsoSeconds(r.s.endedAt.getTime()) : null,
  bytesToDevice: Number(r.s.bytesToDevice), bytesFromDevice: Number(r.s.bytesFromDevice), endReason: r.s.endReason,
});

export const tunnelRoutes: HandlersOf<"AgentVpnTicketList" | "AgentCredential" | "TunnelSessionList" | "TunnelSession" | "VpnClientReleaseFeed" | "VpnClientDownload"> = {
  "AgentVpnTicketList.POST": async (ctx) => {
    const agent = await findAgent(ctx, ctx.db, ctx.params["publicId"]!);
    const rights = await rightsOnAgent(ctx, agent.id);
    if (!DEVICE_RIGHTS.some((r) => rights.has(r))) throw new Forbidden({ right: "use:access-requests" });
    const service = ctx.body.service ?? "vpn";
    let target: ConnectTarget = { kind: "vpn" };
    if (service !== "vpn") {
      const [server] = await ctx.db.select().from(agentServers).where(and(eq(agentServers.agentId, agent.id), eq(agentServers.publicId, service)));
      if (!server) throw new InvalidInput({ issues: [{ message: "SERVER_NOT_ON_THIS_DEVICE", propertyName: "service" }] });
      target = { kind: "server", server: { publicId: server.publicId, requireAccessApproval: server.requireAccessApproval } };
    }
    const allowed = mayConnectNow({
      target, agent: { vpnRequireAccessApproval: agent.vpnRequireAccessApproval },
      requests: await grantingRequests(ctx.db, userOf(ctx).id, agent.id, ctx.now),
      accessRequestsInUse: true, canManageAccessRequests: bypassesApprovalWith(rights), now: ctx.now,
    });
    if (!allowed) throw new Conflict({ issues: [{ message: "ACCESS_REQUEST_REQUIRED", propertyName: "service" }] });
    const { token, expiresAt } = await issueToken(ctx.db, "ticket", { userId: userOf(ctx).id, companyId: companyOf(ctx).id, agentId: agent.id }, ctx.now);
    return {
      type: "VpnTicket", status: 201,
      data: { ticket: token, expiresAt: new Date(expiresAt).toISOString(), relayUrl: relayUrlOf(ctx, "client"), agent: { publicId: agent.publicId, name: agent.name } },
    };
  },

  "AgentCredential.POST": async (ctx) => {
    const agent = await findAgent(ctx, ctx.db, ctx.params["publicId"]!);
    if (!bypassesApprovalWith(await rightsOnAgent(ctx, agent.id))) throw new Forbidden({ right: "manage:access-requests" });
    const secret = await ctx.db.transaction(async (tx) => {
      const made = await rotateAgentCredential(tx, agent.id, ctx.now);
      await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: "AgentCredential", target: agent.publicId, before: null, after: { rotated: true } }]);
      // At commit, with it: sent after the commit through the pool, a failed notice answered 500
      // for a rotation that had happened (its secret, shown once, never seen) and left the old
      // credential's link running.
      await noticeAtCommit(tx, { type: "rotated", agentId: agent.id });
      return made;
    });
    return { type: "AgentCredential", status: 201, data: { agentId: agent.publicId, secret, relayUrl: relayUrlOf(ctx, "agent") } };
  },

  "TunnelSessionList.GET": async (ctx) => {
    const where: SQL[] = [eq(tunnelSessions.companyId, companyOf(ctx).id)];
    if (ctx.query["state"] !== "all") where.push(isNull(tunnelSessions.endedAt));
    const rows = await sessionQuery(ctx).where(and(...where)).orderBy(desc(tunnelSessions.id)).limit(ctx.list.pageSize);
    return { type: "TunnelSession", data: rows.map(sessionView) };
  },

  "TunnelSession.DELETE": async (ctx) => {
    const publicId = ctx.params["publicId"]!;
    const find = async () => (await sessionQuery(ctx).where(and(eq(tunnelSessions.publicId, publicId), eq(tunnelSessions.companyId, companyOf(ctx).id))))[0];
    const row = await find();
    if (!row) throw new NotFound({ entity: "TunnelSession", publicId });
    // One transaction, the notice sent at its commit: marked ended alone, a failure of the audit
    // or of the notice left a session that read as ended while its tunnel ran on, and a retry
    // found nothing left to end.
    await ctx.db.transaction(async (tx) => {
      if (!(await markDisconnected(tx, row.s.id, ctx.now))) return;
      await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: "TunnelSession", target: publicId, before: null, after: { reason: "disconnected" } }]);
      await noticeAtCommit(tx, { type: "disconnect", session: publicId });
    });
    return { type: "TunnelSession", data: sessionView((await find())!) };
  },

  "VpnClientReleaseFeed.GET": async (ctx) => {
    const version = clientVersion();
    const origin = `${ctx.request.protocol}://${ctx.request.headers.host ?? "localhost"}`;
    const downloadUrl = `${origin}/api/vpn-client/download?version=${RELEASE_VERSION_PLACEHOLDER}`;
    const release = (os: "windows" | "mac" | "linux") => ({ os, latestVersion: version, downloadUrl });
    const feed: VpnClientReleaseFeed = {
      releases: { windows: release("windows"), mac: release("mac"), linux: release("linux") },
      releaseNotes: [{
        version, type: "feature", date: "2026-11-25",
        body: "The client tunnels each service of a device to a local address through the portal, only while your access request is approved.",
      }],
    };
    return { type: "VpnClientReleaseFeed", data: feed };
  },

  "VpnClientDownload.GET": async (ctx) => {
    const path = await bundledClient();
    if (!path) throw HttpProblem.of(404, "The VPN client download is not available on this server.");
    await ctx.reply.header("content-type", "text/javascript; charset=utf-8")
      .header("content-disposition", `attachment; filename="portal-vpn-client-${clientVersion()}.mjs"`)
      .send(readFileSync(path));
    return { type: "VpnClientDownload", data: null, raw: true };
  },
};

let bundling: Promise<string | null> | null = null;

/** The client program as one file, built by the cli package's bundler on first download. */
function bundledClient(): Promise<string | null> {
  bundling ??= (async () => {
    try {
      const script = join(dirname(cliPackage), "scripts", "bundleVpnClient.mjs");
      const mod = (await import(script)) as { bundleVpnClient: () => Promise<string> };
      return await mod.bundleVpnClient();
    } catch {
      bundling = null;
      return null;
    }
  })();
  return bundling;
}
