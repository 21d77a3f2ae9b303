export { makePortalApiHttp, PortalApiHttpLayer } from "./http/PortalApiHttp";
export { HttpClient, type HttpClientOptions, type HttpSession, type ClientError } from "./http/HttpClient";
export { brandingHost } from "./http/brandingHost";
export { makeVpnConnectorHttp, VpnConnectorHttpLayer, type VpnConnectorHttpOptions } from "./vpn-connector/VpnConnectorHttp";
export { makeStorageLocal, StorageLocalLayer } from "./storage/StorageLocal";
export { ClockSystem, ClockSystemLayer } from "./clock/ClockSystem";
