import { Button, Checkbox, HTMLTable } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { Right } from "@portal/core/domain/Right";
import { RIGHT_KINDS, rightsTable } from "@portal/core/rules/roles";
import type { RolesStore } from "../../stores/RolesStore";
import { featureLabel, KIND_LABEL } from "./rightLabels";

const TABLE = rightsTable();

export interface RightsEditorProps {
  readonly store: RolesStore;
}

/**
 * The selected role's rights as spec section 6's table: features as rows, manage / use / invite /
 * approve as columns, a checkbox where the kind applies. Save sends the whole set (one PATCH);
 * Discard goes back to what is saved.
 */
export const RightsEditor = observer(function RightsEditor({ store }: RightsEditorProps) {
  const role = store.selected;
  if (!role) return null;
  const held = new Set<Right>(store.rights);
  return (
    <section className="rights-editor" aria-labelledby="rights-editor-title" data-testid="rights-editor">
      <div className="rights-editor-head">
        <h2 id="rights-editor-title" className="bp6-heading">Rights of {role.name}</h2>
        <div className="rights-editor-actions">
          <Button text="Discard" disabled={!store.isDirty || store.savingRights} onClick={() => store.discardDraft()} data-testid="rights-discard" />
          <Button intent="primary" text="Save rights" disabled={!store.isDirty} loading={store.savingRights}
            onClick={() => void store.saveRights()} data-testid="rights-save" />
        </div>
      </div>
      <div className="rights-editor-scroll">
        <HTMLTable compact striped className="rights-table">
          <thead>
            <tr><th scope="col">Feature</th>{RIGHT_KINDS.map((k) => <th scope="col" key={k}>{KIND_LABEL[k]}</th>)}</tr>
          </thead>
          <tbody>
            {TABLE.map((row) => (
              <tr key={row.feature}>
                <th scope="row">{featureLabel(row.feature)}</th>
                {RIGHT_KINDS.map((kind) => {
                  const right = row.cells[kind];
                  return (
                    <td key={kind}>
                      {right !== null && (
                        <Checkbox className="rights-check" checked={held.has(right)} disabled={store.savingRights}
                          aria-label={`${KIND_LABEL[kind]}: ${featureLabel(row.feature)}`} data-testid={`right-${right}`}
                          onChange={(e) => store.toggle(right, e.currentTarget.checked)} />
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </section>
  );
});
