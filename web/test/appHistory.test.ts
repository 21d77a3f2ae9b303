import { afterEach, describe, expect, it } from "vitest";
import { AppHistory, type HistoryUpdate } from "../src/app/router/AppHistory";

const popped = () => new Promise<void>((resolve) => window.addEventListener("popstate", () => setTimeout(resolve, 0), { once: true }));

describe("AppHistory: the leave blocker of the declarative router", () => {
  let history: AppHistory | null = null;
  afterEach(() => history?.stop());

  const start = () => {
    window.history.replaceState(null, "", "/identity");
    history = new AppHistory();
    const seen: HistoryUpdate[] = [];
    history.listen((update) => seen.push(update));
    return { history, seen };
  };

  it("pushes and replaces at once while nothing blocks", () => {
    const { history, seen } = start();
    history.navigator.push("/devices?q=a");
    history.navigator.replace("/groups");
    expect(seen.map((u) => [u.action, u.location.pathname])).toEqual([["PUSH", "/devices"], ["REPLACE", "/groups"]]);
    expect(window.location.pathname).toBe("/groups");
    expect(history.location.pathname).toBe("/groups");
  });

  it("holds a refused push until proceed; reset stays", () => {
    const { history, seen } = start();
    const stopBlocking = history.block(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
    history.navigator.push("/devices");
    expect(history.blockerView().state).toBe("blocked");
    expect(seen).toEqual([]);
    expect(window.location.pathname).toBe("/identity");
    history.blockerView().reset();
    expect(history.blockerView().state).toBe("unblocked");
    expect(window.location.pathname).toBe("/identity");

    history.navigator.push("/devices");
    history.blockerView().proceed();
    expect(seen.map((u) => u.location.pathname)).toEqual(["/devices"]);
    expect(window.location.pathname).toBe("/devices");
    // A step the blocker lets through (same path) is not held.
    history.navigator.replace("/devices?tab=2");
    expect(history.blockerView().state).toBe("unblocked");
    stopBlocking();
    history.navigator.push("/groups");
    expect(window.location.pathname).toBe("/groups");
  });

  it("undoes a refused back step and takes it on proceed", async () => {
    const { history, seen } = start();
    history.navigator.push("/policy");
    history.block(() => true);
    const undone = popped().then(popped);
    window.history.back();
    await undone;
    expect(history.blockerView().state).toBe("blocked");
    expect(window.location.pathname).toBe("/policy");
    expect(seen.map((u) => u.location.pathname)).toEqual(["/policy"]);

    const taken = popped();
    history.blockerView().proceed();
    await taken;
    expect(window.location.pathname).toBe("/identity");
    expect(seen.map((u) => [u.action, u.location.pathname])).toEqual([["PUSH", "/policy"], ["POP", "/identity"]]);
  });

  it("lets every step through once the blocker is removed, and unblocks a held one", () => {
    const { history } = start();
    const remove = history.block(() => true);
    history.navigator.push("/devices");
    expect(history.blockerView().state).toBe("blocked");
    remove();
    expect(history.blockerView().state).toBe("unblocked");
    history.navigator.push("/devices");
    expect(window.location.pathname).toBe("/devices");
  });
});

describe("elementRoutes: lazy routes for the declarative router", () => {
  it("starts the chunks of every route a location matches together, once each", async () => {
    const { elementRoutes, preloadMatches } = await import("../src/app/router/elementRoutes");
    const loads: string[] = [];
    const page = (name: string) => async () => {
      loads.push(name);
      return { Component: () => null };
    };
    const routes = elementRoutes([
      { path: "/", lazy: page("gate"), children: [{ path: "groups", lazy: page("layout"), children: [{ index: true, lazy: page("index") }] }] },
      { path: "/login", lazy: page("login") },
    ]);
    expect(routes[0]!.lazy).toBeUndefined();
    expect(routes[0]!.element).toBeDefined();
    preloadMatches(routes, { pathname: "/groups" });
    preloadMatches(routes, { pathname: "/groups" });
    expect(loads).toEqual(["gate", "layout", "index"]);
  });
});
