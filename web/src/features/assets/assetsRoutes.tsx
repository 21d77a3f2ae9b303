/** The sub-routes of /assets: a layout with the asset types side panel, the index and /assets/{id}. */
import type { RouteObject } from "react-router";

export const assetsRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import("./AssetsLayout")).default }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import("./AssetsIndexPage")).default }) },
      { path: ":publicId", lazy: async () => ({ Component: (await import("./AssetTypePage")).default }) },
    ],
  },
];
