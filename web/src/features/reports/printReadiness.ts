/**
 * When the print page may be printed: the report worker waits for `data-report-state="ready"`
 * on <html>, which the print page sets once its data is shown and every component that holds
 * the print has let go. A component that loads something (a live value's history, an image)
 * calls usePrintHold(loading) so that the PDF never shows it half-loaded.
 */
import { useEffect } from "react";

const holds = new Set<symbol>();
const waiting = new Set<() => void>();

const settle = () => {
  if (holds.size > 0) return;
  for (const done of [...waiting]) done();
  waiting.clear();
};

/** Holds the print until the returned function is called (once; later calls do nothing). */
export function holdPrint(): () => void {
  const hold = Symbol("print-hold");
  holds.add(hold);
  return () => {
    if (holds.delete(hold)) queueMicrotask(settle);
  };
}

/** Resolves when no component holds the print. */
export function printSettled(): Promise<void> {
  return new Promise((resolve) => {
    waiting.add(resolve);
    settle();
  });
}

/** Holds the print while `busy` is true (a component's loading flag). */
export function usePrintHold(busy: boolean): void {
  useEffect(() => (busy ? holdPrint() : undefined), [busy]);
}

/** Tells the worker the page is ready, or why it cannot be printed. */
export function markPrintState(state: "ready" | "error", reason?: string): void {
  const html = document.documentElement;
  if (reason) html.setAttribute("data-report-error", reason);
  html.setAttribute("data-report-state", state);
}
