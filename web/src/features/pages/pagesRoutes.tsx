/** The sub-routes of /pages: the list (index), one page's editor, and the queued reports. */
import type { RouteObject } from "react-router";

export const pagesRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import("./PagesPage")).default }) },
  { path: ":publicId", lazy: async () => ({ Component: (await import("./PageEditorPage")).default }) },
  // Queued reports (issue 13): /pages/reports, reachable from the Pages screen (spec 2's menu has no entry).
  { path: "reports", lazy: async () => ({ Component: (await import("../reports/ReportsPage")).default }) },
];
