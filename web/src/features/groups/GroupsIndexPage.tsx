import { NonIdealState } from "@blueprintjs/core";

/** /groups: nothing chosen yet. */
export default function GroupsIndexPage() {
  return (
    <NonIdealState icon="group-objects" title="Groups" className="types-choose"
      description="Choose a group type in the panel to see its groups." />
  );
}
