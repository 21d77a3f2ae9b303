/** The sub-routes of /devices: the list (index) and one device's page. */
import type { RouteObject } from "react-router";

export const devicesRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import("./DevicesPage")).default }) },
  { path: ":publicId", lazy: async () => ({ Component: (await import("./DevicePage")).default }) },
  // A published dashboard shown for the device (issue 13, device components).
  { path: ":publicId/pages/:pagePublicId", lazy: async () => ({ Component: (await import("../pages/DashboardPage")).default }) },
];
