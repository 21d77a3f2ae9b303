import { HTMLTable, NonIdealState } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useParams } from "react-router";
import { useStore } from "../../app/StoreContext";
import { AssetsOfType } from "./AssetsOfType";
import { AssetTypeStore } from "../../stores/AssetTypeStore";

/**
 * /assets/{id}: one asset type, and its assets with their custom fields (issue 12).
 */
export const AssetTypePage = observer(function AssetTypePage() {
  const { publicId = "" } = useParams();
  const assetTypes = useStore(AssetTypeStore);
  const index = assetTypes.items.findIndex((t) => t.publicId === publicId);
  const type = assetTypes.items[index];
  if (type === undefined) return <NonIdealState icon="search" title="Asset type not found" description="It may have been deleted." />;
  return (
    <div data-testid="asset-type-page">
      <div className="type-page-header"><h2 className="bp6-heading" data-testid="asset-type-title">{type.name}</h2></div>
      <HTMLTable compact>
        <tbody>
          <tr><th scope="row">Name</th><td>{type.name}</td></tr>
          <tr><th scope="row">Position</th><td>{index + 1} of {assetTypes.items.length}</td></tr>
          <tr><th scope="row">Identifier</th><td><code>{type.publicId}</code></td></tr>
        </tbody>
      </HTMLTable>
      <AssetsOfType key={type.publicId} assetTypePublicId={type.publicId} />
    </div>
  );
});

export default AssetTypePage;
