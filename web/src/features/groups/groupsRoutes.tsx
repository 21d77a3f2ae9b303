/**
 * The sub-routes of /groups, mounted by the shell's screen table: a layout with the group types
 * side panel, the index and /groups/{id}. Each page is code-split.
 */
import type { RouteObject } from "react-router";

export const groupsRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import("./GroupsLayout")).default }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import("./GroupsIndexPage")).default }) },
      { path: ":publicId", lazy: async () => ({ Component: (await import("./GroupsOfTypePage")).default }) },
    ],
  },
];
