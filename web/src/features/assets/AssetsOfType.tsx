import { Card, NonIdealState, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { useStores } from "../../app/StoreContext";
import { AssetsOfTypeStore } from "../../stores/AssetsOfTypeStore";
import { CustomFieldFilter } from "../custom-fields/CustomFieldFilter";
import { CustomFieldValuesSection } from "../custom-fields/CustomFieldValuesSection";
import { canEditCustomValues } from "../custom-fields/customFieldLabels";

/** The assets of one type with their custom fields, filterable on a field's value. Hidden for those who may not see assets. */
export const AssetsOfType = observer(function AssetsOfType({ assetTypePublicId }: { readonly assetTypePublicId: string }) {
  const root = useStores();
  const [store] = useState(() => new AssetsOfTypeStore(root, assetTypePublicId));
  useEffect(() => void store.load(), [store]);
  if (store.state === "failed") return null;
  return (
    <section aria-labelledby="assets-of-type" className="assets-of-type" data-testid="assets-of-type">
      <h2 id="assets-of-type">Assets of this type</h2>
      <CustomFieldFilter target="asset" filter={store.fieldFilter} issue={store.fieldFilterIssue} onChange={(f, v) => store.setFieldFilter(f, v)} />
      {store.state !== "ready" && store.assets.length === 0 ? <Spinner size={24} /> : store.assets.length === 0
        ? <NonIdealState icon="search" title={store.fieldFilter.field ? "No asset matches the filter" : "No assets of this type"} />
        : store.assets.map((a) => (
          <Card key={a.publicId} compact className="asset-card" data-testid="asset-card">
            <div className="asset-card-title"><strong>{a.name}</strong> <span className="bp6-text-muted">on {a.agent.name}</span></div>
            <CustomFieldValuesSection target="asset" publicId={a.publicId} name={a.name} canEdit={canEditCustomValues(root.session.rights)} level={3} />
          </Card>
        ))}
    </section>
  );
});
