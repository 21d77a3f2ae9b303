import { Effect, Exit } from "effect";
import { describe, expect, it } from "vitest";
import { ApiUnavailable } from "@portal/core/errors";
import type { PortalApiShape } from "@portal/core/ports/PortalApi";
import { lazyPortalApi, PORTAL_API_AREAS, type LoadedPortalApi } from "../src/http/lazyAreas";
import { lazyEventStream } from "../src/http/lazyEventStream";

/** A loaded port whose every method answers its area, method and arguments. */
const fakeApi = (): LoadedPortalApi => {
  const area = (name: string) => new Proxy({}, { get: (_, method) => (...args: unknown[]) => Effect.succeed({ name, method, args }) });
  return Object.fromEntries([...PORTAL_API_AREAS.map((name) => [name, area(name)]), ["http", {}]]) as unknown as LoadedPortalApi;
};

describe("lazyPortalApi: the HTTP adapter imported on the first call", () => {
  it("loads nothing until a method runs, then once for every area", async () => {
    let loads = 0;
    const api = lazyPortalApi(async () => {
      loads++;
      return fakeApi();
    });
    const call = api.auth.createAccessToken({ kind: "password", email: "a@b.c", otp: "", password: "x" }, 60);
    expect(loads).toBe(0);
    expect(await Effect.runPromise(call)).toEqual({ name: "auth", method: "createAccessToken", args: [{ kind: "password", email: "a@b.c", otp: "", password: "x" }, 60] });
    await Effect.runPromise(api.groupTypes.list({} as never) as Effect.Effect<unknown, unknown>);
    await Effect.runPromise((api as PortalApiShape).discovery.discover());
    expect(loads).toBe(1);
    expect((await api.loaded()).http).toEqual({});
  });

  it("a module that cannot load fails the call with ApiUnavailable, tells onFailure, and is tried again next call", async () => {
    const failures: ApiUnavailable[] = [];
    let attempts = 0;
    const api = lazyPortalApi(async () => {
      attempts++;
      if (attempts === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return fakeApi();
    }, (error) => failures.push(error));
    const first = await Effect.runPromiseExit(api.me.myUser());
    expect(Exit.isFailure(first) && JSON.stringify(first.cause)).toContain("ApiUnavailable");
    expect(failures).toHaveLength(1);
    expect(await Effect.runPromise(api.me.myUser())).toMatchObject({ name: "me", method: "myUser" });
    expect(attempts).toBe(2);
  });
});

describe("lazyEventStream", () => {
  const handlers = (log: string[]) => ({ onOpen: () => log.push("open"), onEvent: () => log.push("event"), onClose: (status: number) => log.push(`close ${status}`) });

  it("opens once the module is in, after the id asked for", async () => {
    const log: string[] = [];
    const open = lazyEventStream(async () => (lastEventId, h) => {
      log.push(`opened after ${lastEventId}`);
      h.onOpen();
      return () => log.push("closed");
    });
    const close = open("41", handlers(log));
    expect(log).toEqual([]);
    await new Promise((r) => setTimeout(r, 0));
    close();
    expect(log).toEqual(["opened after 41", "open", "closed"]);
  });

  it("closed before the module is in: never opens; a module that cannot load reads as a stream that could not open", async () => {
    const log: string[] = [];
    const open = lazyEventStream(async () => () => {
      log.push("opened");
      return () => undefined;
    });
    open(null, handlers(log))();
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual([]);
    const failing = lazyEventStream(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    failing(null, handlers(log));
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(["close 0"]);
  });
});
