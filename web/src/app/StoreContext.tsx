import { createContext, useContext, type ReactNode } from "react";
import type { RootStore, StoreClass } from "../stores/RootStore";

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

/**
 * A screen's store, built on first use and then the same instance for the app's lifetime:
 * `const groups = useStore(GroupStore)`. Importing the class is what puts the store's code in the
 * chunk of the screen that uses it (the shell-wide stores stay on `useStores()`).
 */
export function useStore<T>(store: StoreClass<T>): T {
  return useStores().get(store);
}
