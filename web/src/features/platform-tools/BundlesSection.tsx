import { Alert, Button, FormGroup, HTMLSelect, HTMLTable, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { dayOfExpiry } from "@portal/core/rules/licences";
import type { PlatformToolsStore } from "../../stores/PlatformToolsStore";

/** Every company's licence bundles, a form to give a company one, and removing one (after a confirmation). */
export const BundlesSection = observer(function BundlesSection({ store }: { readonly store: PlatformToolsStore }) {
  const [removing, setRemoving] = useState<string | null>(null);
  const f = store.bundleForm;
  const e = store.bundleErrors;
  const field = (key: string) => ({ intent: e[key] ? ("danger" as const) : ("none" as const), helperText: e[key] });
  const doomed = store.bundles.find((b) => b.publicId === removing);
  return (
    <section aria-labelledby="pt-bundles">
      <h2 id="pt-bundles">Licence bundles</h2>
      <form className="pt-form" data-testid="pt-bundle-form" onSubmit={(ev) => { ev.preventDefault(); void store.createBundle(); }}>
        <FormGroup label="Company" labelFor="pt-bundle-company" {...field("company.publicId")}>
          <HTMLSelect id="pt-bundle-company" value={f.company} fill onChange={(ev) => store.editBundle({ company: ev.currentTarget.value })}
            options={[{ value: "", label: "Choose…" }, ...store.companies.map((c) => ({ value: c.publicId, label: c.name }))]} />
        </FormGroup>
        <FormGroup label="Licence type" labelFor="pt-bundle-type" {...field("licenceType.publicId")}>
          <HTMLSelect id="pt-bundle-type" value={f.licenceType} fill onChange={(ev) => store.editBundle({ licenceType: ev.currentTarget.value })}
            options={[{ value: "", label: "Choose…" }, ...store.types.map((t) => ({ value: t.publicId, label: t.name }))]} />
        </FormGroup>
        <FormGroup label="Seats" labelFor="pt-bundle-seats" {...field("seats")}>
          <InputGroup id="pt-bundle-seats" type="number" min={1} value={f.seats} onValueChange={(v) => store.editBundle({ seats: v })} />
        </FormGroup>
        <FormGroup label="Expires after (UTC)" labelFor="pt-bundle-expires" {...field("expiresOn")}>
          <InputGroup id="pt-bundle-expires" type="date" value={f.expiresOn} onValueChange={(v) => store.editBundle({ expiresOn: v })} />
        </FormGroup>
        <Button type="submit" intent="primary" icon="add" text="Add bundle" loading={store.busy === "bundle"} />
        {e[""] && <p className="pt-error" role="alert">{e[""]}</p>}
      </form>
      {store.bundles.length === 0 ? <p className="bp6-text-muted">No company has a licence bundle yet.</p> : (
        <div className="pt-scroll">
          <HTMLTable compact striped data-testid="pt-bundles">
            <thead><tr><th scope="col">Company</th><th scope="col">Licence</th><th scope="col">Seats used</th><th scope="col">Expires after</th><th scope="col"><span className="bp6-text-muted">Actions</span></th></tr></thead>
            <tbody>
              {store.bundles.map((b) => (
                <tr key={b.publicId} data-testid="pt-bundle-row">
                  <td data-label="Company">{b.company?.name ?? "—"}</td>
                  <td data-label="Licence"><strong>{b.licenceType.name}</strong></td>
                  <td data-label="Seats used">{b.seatsUsed} of {b.seats}</td>
                  <td data-label="Expires after">{dayOfExpiry(b.expiresOn)}</td>
                  <td>
                    <Button size="small" variant="minimal" icon="trash" intent="danger" text="Remove" aria-label={`Remove ${b.licenceType.name} of ${b.company?.name ?? "the company"}`}
                      loading={store.busy === b.publicId} onClick={() => setRemoving(b.publicId)} />
                    {store.rowErrors[b.publicId] && <span className="pt-error" role="alert">{store.rowErrors[b.publicId]}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <Alert isOpen={doomed !== undefined} intent="danger" icon="trash" cancelButtonText="Keep it" confirmButtonText="Remove"
        onCancel={() => setRemoving(null)} onConfirm={() => { const id = removing; setRemoving(null); if (id) void store.deleteBundle(id); }}>
        <p>Remove the {doomed?.licenceType.name} bundle of {doomed?.company?.name}? Devices holding it lose it.</p>
      </Alert>
    </section>
  );
});
