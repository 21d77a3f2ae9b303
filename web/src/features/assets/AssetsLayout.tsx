import { TypesLayout } from "../../shell/TypesLayout";
import { AssetTypeSidePanel } from "../asset-types/AssetTypeSidePanel";

/** The Assets pages: the asset types side panel beside (or, on phones, before) the selected page. */
export default function AssetsLayout() {
  return <TypesLayout title="Assets" testId="assets-page" panel={<AssetTypeSidePanel />} indexPath="/assets" backText="All asset types" />;
}
