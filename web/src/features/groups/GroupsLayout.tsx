import { Outlet } from "react-router";
import { GroupTypeSidePanel } from "../group-types/GroupTypeSidePanel";
import "../group-types/typeSidePanel.css";

/** The Groups pages: the group types side panel beside the selected page. */
export default function GroupsLayout() {
  return (
    <div className="types-layout" data-testid="groups-page">
      <aside className="types-side"><GroupTypeSidePanel /></aside>
      <section className="types-main"><Outlet /></section>
    </div>
  );
}
