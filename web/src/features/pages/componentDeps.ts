/**
 * What the component renderers under ./components need from the rest of the web app, re-exported
 * here: web/src is linted as at most two folders deep, and components/ is a third.
 */
export { useStore, useStores } from "../../app/StoreContext";
export { VpnConnectStore } from "../../stores/VpnConnectStore";
export { VpnStatusStore } from "../../stores/VpnStatusStore";
export { LogbookStore } from "../../stores/LogbookStore";
export { DocumentsStore } from "../../stores/DocumentsStore";
export { MailFormStore } from "../../stores/MailFormStore";
export { formatDateTime } from "../devices/accessView";
export { Tag } from "../../shell/controls/Tag";
