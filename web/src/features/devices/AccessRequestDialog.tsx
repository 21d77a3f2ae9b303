import { Alert, Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, TextArea } from "@blueprintjs/core";
import { Effect } from "effect";
import { observer } from "mobx-react-lite";
import { useId, useLayoutEffect, useRef, type FormEvent } from "react";
import { DURATION_CHOICES, type AccessRequestField } from "@portal/core/rules/accessRequestForm";
import { formatDateInput, parseDateInput } from "@portal/core/rules/dateInput";
import { timePickerMinutes } from "@portal/core/rules/mobile";
import { useStore, useStores } from "../../app/StoreContext";
import "../../shell/dialogs/formDialog.css";
import "./devices.css";
import { AccessRequestDialogStore } from "../../stores/AccessRequestDialogStore";

const durationLabel = (d: { format: "minutes" | "hours"; value: number }) =>
  d.format === "minutes" ? `${d.value} minutes` : `${d.value} hour${d.value === 1 ? "" : "s"}`;

/**
 * The Request access dialog (spec 2, 4, 5): driven by AccessRequestDialogStore, whose phases are
 * core's reducer. Escape, backdrop and Cancel go through the reducer, which asks "Discard your
 * changes?" when the form is dirty; the VPN-connect variant cannot be closed by the user.
 */
export const AccessRequestDialog = observer(function AccessRequestDialog() {
  const { connectivity } = useStores();
  const store = useStore(AccessRequestDialogStore);
  const opener = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (!store.isOpen) return;
    opener.current = document.activeElement;
    return () => {
      const target = opener.current;
      if (target instanceof HTMLElement) window.setTimeout(() => target.isConnected && target.focus(), 0);
    };
  }, [store.isOpen]);
  const dirty = store.dialog.dirty && store.dialog.phase !== "submitted";
  useLayoutEffect(() => (dirty ? connectivity.holdWork() : undefined), [connectivity, dirty]);
  if (!store.isOpen || store.agent === null) return null;
  const { phase } = store.dialog;
  const title = phase === "no-approvers" ? "Unable to request access" : `Request access to ${store.agent.name}`;
  return (
    <>
      <Dialog isOpen title={title} icon={phase === "no-approvers" ? "warning-sign" : "lock"} className="form-dialog access-request-dialog"
        onClose={() => store.dispatch({ type: "escape" })} canEscapeKeyClose={phase !== "discard-warning"}
        canOutsideClickClose={store.dialog.closableByBackdrop} isCloseButtonShown={store.dialog.dismissible}
        style={{ width: 560 }}>
        {phase === "no-approvers" ? <NoApprovers store={store} /> : phase === "submitted" ? <Submitted store={store} /> : <RequestForm store={store} />}
      </Dialog>
      <Alert isOpen={phase === "discard-warning"} intent="danger" icon="trash" confirmButtonText="Discard" cancelButtonText="Keep editing"
        onConfirm={() => store.dispatch({ type: "confirm-discard" })} onCancel={() => store.dispatch({ type: "keep-editing" })}
        data-testid="discard-alert">
        <p>Discard your changes? What you entered in this request will be lost.</p>
      </Alert>
    </>
  );
});

function NoApprovers({ store }: { readonly store: AccessRequestDialogStore }) {
  const { messages } = useStores();
  return (
    <>
      <DialogBody><p data-testid="no-approvers">{messages.text("NO_APPROVERS_BODY")}</p></DialogBody>
      <DialogFooter actions={<Button intent="primary" text="OK" autoFocus onClick={() => store.dispatch({ type: "ok" })} data-testid="no-approvers-ok" />} />
    </>
  );
}

function Submitted({ store }: { readonly store: AccessRequestDialogStore }) {
  const { messages } = useStores();
  return (
    <>
      <DialogBody>
        <Callout intent="success" icon="tick" title={messages.text("ACCESS_REQUEST_SUBMITTED")} data-testid="request-submitted">
          {messages.text("ACCESS_REQUEST_MUST_BE_APPROVED")}
        </Callout>
        {store.view.showCloseWindowHint && <p className="access-hint" data-testid="close-window-hint">{messages.text("ACCESS_REQUEST_CLOSE_WINDOW")}</p>}
      </DialogBody>
      <DialogFooter actions={store.view.showDone
        ? <Button intent="primary" text="Done" autoFocus onClick={() => store.dispatch({ type: "done" })} data-testid="request-done" />
        : undefined} />
    </>
  );
}

const RequestForm = observer(function RequestForm({ store }: { readonly store: AccessRequestDialogStore }) {
  const { messages, ports } = useStores();
  const ids = useId();
  const timeZone = Effect.runSync(ports.clock.timeZone);
  const error = (field: AccessRequestField) => {
    const key = store.errorOf(field);
    return key === undefined ? undefined : messages.text(key);
  };
  const helper = (field: AccessRequestField) => {
    const text = error(field);
    return text ? <span id={`${ids}-${field}-error`} data-testid={`error-${field}`}>{text}</span> : undefined;
  };
  const intent = (field: AccessRequestField) => (error(field) ? "danger" : "none");
  const described = (field: AccessRequestField) => (error(field) ? `${ids}-${field}-error` : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.send();
  };
  // The start as the user's local date and time (core's dateInput), 5-minute steps (core's timePickerMinutes).
  const startText = store.values.start === null ? null : formatDateInput(store.values.start, timeZone);
  const [date, clock] = startText ? startText.split(" ") : ["", "00:00"];
  const [hh, mm] = (clock ?? "00:00").split(":").map(Number);
  const minutes = hh! * 60 + mm!;
  const minimumText = formatDateInput(store.now, timeZone)?.split(" ")[0] ?? "";
  const setStart = (d: string, m: number) => {
    const at = parseDateInput(`${d} ${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`, timeZone);
    store.edit("start", d === "" ? null : at === null ? Number.NaN : at.epochMilliseconds);
  };
  const stepOptions = timePickerMinutes();
  const timeOptions = (stepOptions.includes(minutes) ? stepOptions : [...stepOptions, minutes].sort((a, b) => a - b))
    .map((m) => ({ value: m, label: `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}` }));
  const failure = store.failure ? messages.text(store.failure.key, store.failure.params) : null;
  const toggle = (list: ReadonlyArray<string>, value: string, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));
  return (
    <form onSubmit={submit} noValidate data-testid="access-request-form" className="form-dialog-form">
      <DialogBody className="form-dialog-body">
        <fieldset className="access-fieldset" aria-describedby={described("services")} data-testid="services">
          <legend>Services</legend>
          {store.serviceGroups.map((group) => (
            <div key={group.group ?? ""} role="group" aria-label={group.group ?? "Without group"} className="access-service-group">
              {group.group && <div className="access-group-name">{group.group}</div>}
              {group.options.map((o) => (
                <Checkbox key={o.value} label={o.label} checked={store.values.services.includes(o.value)} data-testid={`service-${o.value}`}
                  onChange={(e) => store.edit("services", toggle(store.values.services, o.value, e.currentTarget.checked))}
                  onBlur={() => store.visit("services")} />
              ))}
            </div>
          ))}
          {helper("services") && <div className="access-error">{helper("services")}</div>}
        </fieldset>
        <fieldset className="access-fieldset" aria-describedby={described("approvers")} data-testid="approvers">
          <legend>Approvers</legend>
          <InputGroup type="search" leftIcon="search" placeholder="Search approvers" aria-label="Search approvers" value={store.approverQuery}
            onValueChange={(v) => store.setApproverQuery(v)} data-testid="approver-search" />
          <div className="access-approver-list">
            {store.matchingApprovers.map((a) => (
              <Checkbox key={a.publicId} label={a.name} checked={store.values.approvers.includes(a.publicId)} data-testid="approver-option"
                onChange={(e) => store.edit("approvers", toggle(store.values.approvers, a.publicId, e.currentTarget.checked))}
                onBlur={() => store.visit("approvers")} />
            ))}
            {store.matchingApprovers.length === 0 && <p className="bp6-text-muted">No approver matches the search.</p>}
          </div>
          {helper("approvers") && <div className="access-error">{helper("approvers")}</div>}
        </fieldset>
        <FormGroup label="Reason" labelFor={`${ids}-reason`} intent={intent("reason")} helperText={helper("reason")}>
          <TextArea id={`${ids}-reason`} fill value={store.values.reason} intent={intent("reason")} aria-describedby={described("reason")}
            onChange={(e) => store.edit("reason", e.currentTarget.value)} onBlur={() => store.visit("reason")} data-testid="reason" />
        </FormGroup>
        <div className="access-when">
          <FormGroup label="Start" labelFor={`${ids}-date`} intent={intent("start")} helperText={helper("start")}>
            <div className="access-start">
              <input id={`${ids}-date`} type="date" className={`bp6-input${error("start") ? " bp6-intent-danger" : ""}`} value={date ?? ""}
                min={minimumText} aria-describedby={described("start")} data-testid="start-date"
                onChange={(e) => setStart(e.currentTarget.value, minutes)} onBlur={() => store.visit("start")} />
              <HTMLSelect aria-label="Start time" value={minutes} options={timeOptions} data-testid="start-time"
                onChange={(e) => setStart(date ?? "", Number(e.currentTarget.value))} onBlur={() => store.visit("start")} />
            </div>
          </FormGroup>
          <FormGroup label="Duration" labelFor={`${ids}-duration`} intent={intent("duration")} helperText={helper("duration")}>
            <HTMLSelect id={`${ids}-duration`} data-testid="duration"
              value={store.values.duration ? DURATION_CHOICES.findIndex((d) => d.format === store.values.duration?.format && d.value === store.values.duration.value) : -1}
              options={DURATION_CHOICES.map((d, i) => ({ value: i, label: durationLabel(d) }))}
              onChange={(e) => store.setDuration(DURATION_CHOICES[Number(e.currentTarget.value)]!)} />
          </FormGroup>
        </div>
      </DialogBody>
      {failure && <Callout intent="danger" role="alert" compact className="form-dialog-failure" data-testid="dialog-failure">{failure}</Callout>}
      <DialogFooter actions={
        <>
          {store.view.showCancel && <Button text="Cancel" onClick={() => store.dispatch({ type: "cancel" })} disabled={store.sending} data-testid="dialog-cancel" />}
          <Button type="submit" intent="primary" text={failure ? "Try again" : "Send request"} disabled={!store.canSend}
            loading={store.sending} data-testid="send-request" />
        </>
      } />
    </form>
  );
});
