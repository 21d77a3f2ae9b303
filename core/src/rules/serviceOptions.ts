/**
 * The service select of the request-access dialog (spec.md section 2): the VPN choice (value
 * 'vpn') plus the agent's servers, grouped by serviceGroup, ungrouped ones first.
 */
import { VPN_SERVICE_VALUE } from "./accessRequestForm";

/** A server as the select needs it; a blank or missing serviceGroup means ungrouped. */
export interface ServiceSource {
  readonly publicId: string;
  readonly name: string;
  readonly serviceGroup?: string | null | undefined;
}

export interface ServiceOption {
  readonly kind: "vpn" | "server";
  /** VPN_SERVICE_VALUE for the VPN choice, the server's publicId otherwise. */
  readonly value: string;
  /** The server's name; "VPN" for the VPN choice. */
  readonly label: string;
}

export interface ServiceOptionGroup {
  /** The serviceGroup name; null for the ungrouped options. */
  readonly group: string | null;
  readonly options: ReadonlyArray<ServiceOption>;
}

const groupOf = (server: ServiceSource): string | null => {
  const group = server.serviceGroup?.trim();
  return group ? group : null;
};

/**
 * The select's option groups. Guarantees: the ungrouped group comes first and holds the VPN
 * choice first (when `vpnAvailable`) then the ungrouped servers; the named groups follow in the
 * order their first server appears (the agent's own order, which the admin chose); servers keep
 * their input order within a group; every server appears exactly once (a repeated publicId is
 * kept at its first occurrence); no group is empty. Never fails.
 */
export const serviceOptions = (
  servers: ReadonlyArray<ServiceSource>,
  vpnAvailable: boolean,
): ServiceOptionGroup[] => {
  const groups = new Map<string | null, ServiceOption[]>([[null, []]]);
  if (vpnAvailable) groups.get(null)?.push({ kind: "vpn", value: VPN_SERVICE_VALUE, label: "VPN" });
  const seen = new Set<string>();
  for (const server of servers) {
    if (seen.has(server.publicId)) continue;
    seen.add(server.publicId);
    const key = groupOf(server);
    const options = groups.get(key) ?? [];
    options.push({ kind: "server", value: server.publicId, label: server.name });
    groups.set(key, options);
  }
  return [...groups].filter(([, options]) => options.length > 0).map(([group, options]) => ({ group, options }));
};
