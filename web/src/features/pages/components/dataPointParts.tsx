/**
 * Shared parts of the data-point components (issue 13): config readers, the watch of the preview
 * device while a component is shown, number formatting, and the "No data yet" / "choose a
 * device" notes. Each component kind has its own file beside this one.
 */
import { observer } from "mobx-react-lite";
import { useEffect, useRef, type ReactNode } from "react";
import type { PageComponent } from "@portal/core/domain/PageComponent";
import { DataPointsStore, useStore, useStores } from "../pageStores";
import type { ComponentContext } from "../ComponentView";

export const str = (c: PageComponent, key: string): string => (typeof c.config[key] === "string" ? (c.config[key] as string) : "");
export const num = (c: PageComponent, key: string): number => (typeof c.config[key] === "number" ? (c.config[key] as number) : 0);

/** Watches the preview device's live values while the component is on screen. */
export function useDeviceWatch(ctx: ComponentContext): string | null {
  const dataPoints = useStore(DataPointsStore);
  const agent = ctx.agent?.publicId ?? null;
  useEffect(() => (agent ? dataPoints.watch(agent) : undefined), [dataPoints, agent]);
  return agent;
}

const FORMATS = new Map<number, Intl.NumberFormat>();
/** A value as people read it: at most `digits` decimals, grouped thousands. */
export function formatValue(value: number, digits = 2): string {
  let f = FORMATS.get(digits);
  if (!f) FORMATS.set(digits, (f = new Intl.NumberFormat("en-US", { maximumFractionDigits: digits })));
  return f.format(value);
}

const TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit" });
const DATE_TIME = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", second: "2-digit" });
/** An instant as a time today, or with its date on another day. */
export function formatTime(iso: string | number): string {
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString() ? TIME.format(d) : DATE_TIME.format(d);
}

export const NoData = observer(function NoData() {
  const { messages } = useStores();
  return <span className="pc-nodata" data-testid="pc-nodata">{messages.text("pages.noData")}</span>;
});

/**
 * Shows a data-point component, or instead the sentence that access to the device's data ended
 * once the server stopped its live values (DataPointsStore.revoked): never a stale value. The gate
 * keeps watching the device, so the component comes back with fresh values when access does.
 */
export const DeviceAccessGate = observer(function DeviceAccessGate({ ctx, children }: { ctx: ComponentContext; children: ReactNode }) {
  const { messages } = useStores();
  const dataPoints = useStore(DataPointsStore);
  const agent = useDeviceWatch(ctx);
  if (agent && dataPoints.isRevoked(agent)) {
    return <span className="pc-nodata" role="status" data-testid="pc-access-ended">{messages.text("pages.deviceAccessEnded")}</span>;
  }
  return <>{children}</>;
});

export function NoDevice() {
  return <span className="pc-nodata">Choose a preview device to see its values.</span>;
}

/**
 * Runs `load` when the device, data point or period changes (`deps`), when the data point's live
 * value changes (at most once per `spacingMs`, so a fast data point does not become a request
 * stream), and every `everyMs` in any case; answers of an older `deps` are ignored.
 */
export function useReload<T>(deps: ReadonlyArray<unknown>, liveValue: number | undefined, load: () => Promise<T | null>, set: (v: T | null) => void, spacingMs = 5000, everyMs = 60_000): void {
  const key = JSON.stringify(deps);
  const poke = useRef<() => void>(() => undefined);
  const latest = useRef({ load, set });
  latest.current = { load, set };
  useEffect(() => {
    let live = true;
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const run = () => {
      last = Date.now();
      void latest.current.load().then((v) => { if (live) latest.current.set(v); });
    };
    run();
    const every = setInterval(run, everyMs);
    poke.current = () => {
      if (timer) return;
      timer = setTimeout(() => { timer = null; run(); }, Math.max(0, last + spacingMs - Date.now()));
    };
    return () => { live = false; clearInterval(every); if (timer) clearTimeout(timer); poke.current = () => undefined; };
  }, [key, spacingMs, everyMs]);
  useEffect(() => { if (liveValue !== undefined) poke.current(); }, [liveValue]);
}
