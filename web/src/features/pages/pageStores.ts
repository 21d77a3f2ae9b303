/**
 * The stores the page components reach, re-exported one folder up from components/ (whose files
 * may not climb three folders: the lint rule that keeps web's imports inside web/).
 */
export { useStore, useStores } from "../../app/StoreContext";
export { DataPointsStore } from "../../stores/DataPointsStore";
