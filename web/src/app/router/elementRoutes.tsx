/**
 * Turns the app's route table (code-split pages as route `lazy`, the data router's form) into
 * routes for the declarative `useRoutes`: each lazy route becomes an element that loads its chunk
 * with React's `lazy`, and `preloadMatches` starts the chunks of every route a location matches
 * at once, as the data router did, instead of one nesting level after another.
 */
import { lazy, type ComponentType } from "react";
import { matchRoutes, type Location, type RouteObject } from "react-router";

type LazyRoute = { readonly Component: ComponentType; readonly preload: () => Promise<unknown> };

const preloads = new WeakMap<RouteObject, () => Promise<unknown>>();

/**
 * A page component that loads on first render or `preload`. A failed load stays failed (the error
 * boundary shows it; React's own re-render after an error must not fetch again, or a server that
 * is down would be asked in a loop) until the next navigation to the page, whose `preload` tries anew.
 */
function lazyRoute(load: () => Promise<ComponentType>): LazyRoute {
  let pending: Promise<{ default: ComponentType }> | null = null;
  let failed = false;
  const start = () =>
    (pending ??= load().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        failed = true;
        throw error;
      },
    ));
  let Loaded = lazy(start);
  const preload = () => {
    if (failed) {
      failed = false;
      pending = null;
      Loaded = lazy(start);
    }
    return start();
  };
  function LazyPage() {
    return <Loaded />;
  }
  return { Component: LazyPage, preload };
}

/** The same routes with every `lazy` replaced by a lazily loaded element. */
export function elementRoutes(routes: ReadonlyArray<RouteObject>): RouteObject[] {
  return routes.map((route): RouteObject => {
    const { lazy: load, children, ...rest } = route;
    if (load !== undefined && typeof load !== "function") throw new Error("route lazy must be a function");
    const page = load
      ? lazyRoute(async () => {
        const { Component } = await load();
        if (!Component) throw new Error("a lazy route must resolve to a Component");
        return Component;
      })
      : null;
    const converted = {
      ...rest,
      ...(page ? { element: <page.Component /> } : {}),
      ...(children ? { children: elementRoutes(children) } : {}),
    } as RouteObject;
    if (page) preloads.set(converted, page.preload);
    return converted;
  });
}

/** Starts loading the chunks of every route that `location` matches; failures show when rendered. */
export function preloadMatches(routes: RouteObject[], location: Pick<Location, "pathname">): void {
  for (const match of matchRoutes(routes, location) ?? []) {
    preloads.get(match.route)?.().catch(() => undefined);
  }
}
