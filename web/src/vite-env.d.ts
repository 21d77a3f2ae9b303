/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_VPN_CLIENT_URL?: string;
  readonly VITE_WEB_ROOT_URL?: string;
}
