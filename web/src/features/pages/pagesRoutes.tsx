/** The sub-routes of /pages: the list (index) and one page's editor. */
import type { RouteObject } from "react-router";

export const pagesRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import("./PagesPage")).default }) },
  { path: ":publicId", lazy: async () => ({ Component: (await import("./PageEditorPage")).default }) },
];
