import { createContext, useContext, type ReactNode } from "react";
import type { RootStore } from "../stores/RootStore";

const StoreContext = createContext<RootStore | null>(null);

/** Makes the one RootStore of this app instance available to every component below. */
export function StoreProvider({ store, children }: { store: RootStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The RootStore of the nearest StoreProvider; there is no module-level fallback on purpose. */
export function useStores(): RootStore {
  const store = useContext(StoreContext);
  if (store === null) throw new Error("useStores() needs a <StoreProvider> above it");
  return store;
}
