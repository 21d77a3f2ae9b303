/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_VPN_CLIENT_URL?: string;
  readonly VITE_WEB_ROOT_URL?: string;
}
/** The version this bundle was built as; the build writes the same into dist/info.json (vite.config.ts). */
declare const __PORTAL_VERSION__: string;
