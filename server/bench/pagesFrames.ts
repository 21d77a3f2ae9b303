/**
 * One measured phase of the pages bench (pagesBench.ts) on an open page: frames (rAF), long
 * animation frames (PerformanceObserver), DOM mutations of the dashboard, the page's main-thread
 * busy time (CDP TaskDuration, seconds) and the server's CPU time (µs, from its process) over the
 * same seconds.
 */

export interface PageLike {
  goto(url: string): Promise<unknown>;
  getByLabel(l: string): { fill(v: string): Promise<void> };
  getByRole(r: string, o: object): { click(): Promise<void> };
  getByTestId(id: string): { filter(o: object): { click(): Promise<void> }; first(): { waitFor(o: object): Promise<void> }; count(): Promise<number> };
  waitForURL(u: RegExp): Promise<void>;
  evaluate<T>(expression: string): Promise<T>;
}

export interface Phase {
  readonly frames: number;
  readonly dropped: number;
  /** Dropped frames of all the frames the phase should have had (60 a second). */
  readonly droppedShare: number;
  readonly longestMs: number;
  readonly longFrames: number;
  /** Sum of the long animation frames' blocking durations. */
  readonly blockingMs: number;
  readonly mutations: number;
  readonly mainThreadPercent: number;
  readonly serverCpuPercent: number;
}

const FRAME_MS = 1000 / 60;

/**
 * The in-page part, a string (tsx would wrap a function's inner functions in a `__name` helper the
 * page lacks): counts for `ms` and resolves with the counts.
 */
const inPage = (ms: number) => `new Promise((resolve) => {
  let frames = 0, dropped = 0, longestMs = 0, longFrames = 0, blockingMs = 0, mutations = 0;
  let observer = null;
  try {
    observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) { longFrames++; blockingMs += e.blockingDuration ?? 0; }
    });
    observer.observe({ type: "long-animation-frame", buffered: false });
  } catch { observer = null; }
  const target = document.querySelector('[data-testid="dashboard-grid"]') ?? document.body;
  const mutationObserver = new MutationObserver((records) => { mutations += records.length; });
  mutationObserver.observe(target, { subtree: true, childList: true, characterData: true, attributes: true });
  let last = performance.now();
  const end = last + ${ms};
  const tick = (t) => {
    frames++;
    const gap = t - last;
    longestMs = Math.max(longestMs, gap);
    if (gap > ${FRAME_MS} * 1.5) dropped += Math.round(gap / ${FRAME_MS}) - 1;
    last = t;
    if (t < end) { requestAnimationFrame(tick); return; }
    if (observer) { for (const e of observer.takeRecords()) { longFrames++; blockingMs += e.blockingDuration ?? 0; } observer.disconnect(); }
    mutationObserver.disconnect();
    resolve({ frames, dropped, longestMs, longFrames: observer ? longFrames : -1, blockingMs, mutations });
  };
  requestAnimationFrame(tick);
})`;

export async function measurePhase(
  page: PageLike, seconds: number,
  serverCpu: () => Promise<{ us: number; at: number }>, taskSeconds: () => Promise<number>, start: () => void = () => undefined,
): Promise<Phase> {
  const cpu0 = await serverCpu();
  const task0 = await taskSeconds();
  const wall0 = performance.now();
  const counting = page.evaluate<{ frames: number; dropped: number; longestMs: number; longFrames: number; blockingMs: number; mutations: number }>(inPage(seconds * 1000));
  start();
  const counts = await counting;
  const wallMs = performance.now() - wall0;
  const task1 = await taskSeconds();
  const cpu1 = await serverCpu();
  return {
    ...counts,
    droppedShare: counts.dropped / ((seconds * 1000) / FRAME_MS),
    mainThreadPercent: ((task1 - task0) * 1000 / wallMs) * 100,
    serverCpuPercent: ((cpu1.us - cpu0.us) / 1000 / (cpu1.at - cpu0.at)) * 100,
  };
}
