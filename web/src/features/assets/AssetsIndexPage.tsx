import { NonIdealState } from "@blueprintjs/core";

/** /assets: nothing chosen yet. */
export default function AssetsIndexPage() {
  return <NonIdealState icon="cube" title="Asset types" className="types-choose" description="Choose an asset type in the panel to see it." />;
}
