import { act } from "react";
import { createRoot } from "react-dom/client";
import { Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AppHistory } from "../src/app/router/AppHistory";
import { AppRouter } from "../src/app/router/AppRouter";
import { elementRoutes } from "../src/app/router/elementRoutes";
import { RouteErrorBoundary } from "../src/app/router/RouteErrorBoundary";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => void (await new Promise((r) => setTimeout(r, 0))));
};

describe("the declarative router's lazy pages and error boundary", () => {
  let history: AppHistory | null = null;
  let unmount: (() => void) | null = null;
  afterEach(() => {
    unmount?.();
    history?.stop();
  });

  it("a page chunk that fails shows the error page; navigating to the same path again loads it anew", async () => {
    window.history.replaceState(null, "", "/page");
    history = new AppHistory();
    let attempts = 0;
    let serverDown = true;
    const routes = elementRoutes([{
      element: <RouteErrorBoundary fallback={() => <p>the page could not load</p>}><Outlet /></RouteErrorBoundary>,
      children: [{
        path: "/page",
        lazy: async () => {
          attempts++;
          if (serverDown) throw new TypeError("Failed to fetch dynamically imported module");
          return { Component: () => <p>the page</p> };
        },
      }],
    }]);
    const host = document.createElement("div");
    const root = createRoot(host);
    unmount = () => act(() => root.unmount());
    await act(async () => root.render(<AppRouter history={history!} routes={routes} />));
    await settle();
    expect(host.textContent).toBe("the page could not load");

    const failedAttempts = attempts;
    // Once: the re-render React makes after an error does not fetch again (a server that is down would be asked in a loop).
    expect(failedAttempts).toBe(1);

    serverDown = false;
    await act(async () => history!.navigator.push("/page"));
    await settle();
    expect(host.textContent).toBe("the page");
    expect(attempts).toBe(failedAttempts + 1);
  });
});
