/**
 * Runs the local VPN client's HTTP calls off the page (workerFetch.ts): a refused connection to
 * 127.0.0.1 is then no page console error, which a probe every 2,500 ms would otherwise print.
 */
interface ProbeRequest { readonly id: number; readonly url?: string; readonly init?: RequestInit; readonly abort?: boolean }

const controllers = new Map<number, AbortController>();

self.onmessage = async (event: MessageEvent<ProbeRequest>) => {
  const { id, url, init, abort } = event.data;
  if (abort) {
    controllers.get(id)?.abort();
    return;
  }
  const controller = new AbortController();
  controllers.set(id, controller);
  try {
    const res = await fetch(url!, { ...init, signal: controller.signal });
    self.postMessage({ id, status: res.status, text: await res.text() });
  } catch (e) {
    self.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  } finally {
    controllers.delete(id);
  }
};
