import { useSyncExternalStore } from "react";
import { WIDE_LAYOUT_QUERY } from "@portal/core/rules/layout";

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE_LAYOUT_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};
const snapshot = () => window.matchMedia(WIDE_LAYOUT_QUERY).matches;

/** Whether the viewport gets the wide layout (core's rule: 960 px and wider); follows resizes. */
export function useWideLayout(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => true);
}
