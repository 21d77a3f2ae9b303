import { TypesLayout } from "../../shell/TypesLayout";
import { GroupTypeSidePanel } from "../group-types/GroupTypeSidePanel";

/** The Groups pages: the group types side panel beside (or, on phones, before) the selected page. */
export default function GroupsLayout() {
  return <TypesLayout title="Groups" testId="groups-page" panel={<GroupTypeSidePanel />} indexPath="/groups" backText="All group types" />;
}
