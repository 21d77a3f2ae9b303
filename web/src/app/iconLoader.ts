/**
 * Installs Blueprint's icon loader. The per-icon tables (icons.ts) load with the first icon drawn:
 * the sign-in form draws none, so its first load carries neither table (about 2 kB gzip).
 */
import { Icons, type IconName, type IconPaths } from "@blueprintjs/icons";

/** Installs the loader; call once before the first render. */
export function installIconLoader(): void {
  Icons.setLoaderOptions({
    loader: async (name: IconName, size: number): Promise<IconPaths> => (await import("./icons")).loadIcon(name, size),
  });
}
