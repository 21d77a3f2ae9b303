import type { PlatformServerType } from "@portal/core/domain/Platform";

/** How a server type reads on screen: rsc servers carry the company's VPN, mdr servers run its templates. */
export const SERVER_TYPE_LABEL: Record<PlatformServerType, string> = { mdr: "MDR (runs templates)", rsc: "RSC (VPN)" };
