import { HTMLSelect } from "@blueprintjs/core";
import { FORCE_PROTOCOLS } from "@portal/core/constants";
import { readForceProtocol } from "@portal/core/rules/vpnSession";

const LABEL: Readonly<Record<(typeof FORCE_PROTOCOLS)[number], string>> = {
  tcp: "Automatic (tcp)",
  tcp4: "IPv4 only (tcp4)",
  tcp6: "IPv6 only (tcp6)",
};

export interface ForceProtocolSelectProps {
  /** The stored preference, read leniently (anything else is the default tcp). */
  value: unknown;
  onChange: (protocol: (typeof FORCE_PROTOCOLS)[number]) => void;
}

/** The mobile force-protocol choice of the VPN info dialog (spec 2 and 9): tcp (default), tcp4, tcp6. */
export function ForceProtocolSelect({ value, onChange }: ForceProtocolSelectProps) {
  return (
    <HTMLSelect aria-label="Force protocol" value={readForceProtocol(value)}
      options={FORCE_PROTOCOLS.map((p) => ({ value: p, label: LABEL[p] }))}
      onChange={(e) => onChange(readForceProtocol(e.currentTarget.value))} />
  );
}
