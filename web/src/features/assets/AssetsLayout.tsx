import { Outlet } from "react-router";
import { AssetTypeSidePanel } from "../asset-types/AssetTypeSidePanel";
import "../group-types/typeSidePanel.css";

/** The Assets pages: the asset types side panel beside the selected page. */
export default function AssetsLayout() {
  return (
    <div className="types-layout" data-testid="assets-page">
      <aside className="types-side"><AssetTypeSidePanel /></aside>
      <section className="types-main"><Outlet /></section>
    </div>
  );
}
