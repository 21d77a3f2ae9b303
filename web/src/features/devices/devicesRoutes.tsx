/** The sub-routes of /devices: the list (index) and one device's page. */
import type { RouteObject } from "react-router";

export const devicesRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import("./DevicesPage")).default }) },
  { path: ":publicId", lazy: async () => ({ Component: (await import("./DevicePage")).default }) },
];
