/**
 * The request-access form and dialog (spec.md sections 2, 4 "Access request dialog" and 5
 * "Access request"): field validation, the minimum start, the duration choices, the time picker
 * steps, when Send is enabled, and the dialog's states (form -> submitted) with its closing rules.
 */
import { ACCESS_DURATION_OPTIONS, TIME_PICKER_STEP_MINUTES } from "../constants";
import type { DurationOption } from "../domain/AccessRequest";

import { INVALID_DATE_AND_TIME, REQUIRED } from "./noticeTexts";

export { INVALID_DATE_AND_TIME, REQUIRED, UNABLE_TO_REQUEST_ACCESS } from "./noticeTexts";
/** The service select's value for the VPN choice. */
export const VPN_SERVICE_VALUE = "vpn";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/**
 * The latest start whose end (start + the longest duration) still formats as a four-digit-year
 * UTC ISO string: 9999-12-31T23:59:59Z minus 8 hours. Later starts are invalid date and time.
 */
export const LATEST_START_MS = Date.UTC(9999, 11, 31, 23, 59, 59) - 8 * HOUR_MS;

/** The length of a duration option in milliseconds. */
export const durationMs = (option: DurationOption): number =>
  option.value * (option.format === "hours" ? HOUR_MS : MINUTE_MS);

/** The first duration option (30 minutes): the default, and the one used when none is chosen. */
export const DEFAULT_DURATION: DurationOption = ACCESS_DURATION_OPTIONS[0];

/** The duration select's choices, in the spec's order, each with its length in milliseconds. */
export const DURATION_CHOICES: ReadonlyArray<DurationOption & { readonly ms: number }> =
  ACCESS_DURATION_OPTIONS.map((option) => ({ ...option, ms: durationMs(option) }));

/** The minutes the time picker offers within an hour: 0, 5, ..., 55. */
export const TIME_PICKER_MINUTES: ReadonlyArray<number> = Array.from(
  { length: 60 / TIME_PICKER_STEP_MINUTES },
  (_, i) => i * TIME_PICKER_STEP_MINUTES,
);

/**
 * The earliest allowed start: `now` rounded DOWN to the whole minute. Down, not up, so that a
 * user who asks for access "now" can pick the current minute: a request starting then covers the
 * current minute (rules/connectPermission.ts) and grants access at once once approved, where
 * rounding up would make it wait for the next minute and reject the current one.
 */
export const minimumStart = (now: number): number => Math.floor(now / MINUTE_MS) * MINUTE_MS;

/**
 * How far before the current minute a start is still accepted, by the form and by the server: a
 * form opened at 10:15:50 and sent at 10:16:05 still holds 10:15 ("now" when it was filled in),
 * and the browser's clock may run a little behind the server's.
 */
export const START_CLOCK_SLACK_MS = 2 * 60_000;

/** The form's values. `services` holds VPN_SERVICE_VALUE and/or server publicIds. */
export interface AccessRequestFormValues {
  readonly services: ReadonlyArray<string>;
  /** Approver publicIds. */
  readonly approvers: ReadonlyArray<string>;
  /** Epoch milliseconds, or null while empty. */
  readonly start: number | null;
  readonly reason: string;
  readonly duration: DurationOption | null;
}

export type AccessRequestField = keyof AccessRequestFormValues;
export type AccessRequestFormErrors = Partial<Record<AccessRequestField, typeof REQUIRED | typeof INVALID_DATE_AND_TIME>>;

/**
 * The values a fresh form starts with: the minimum start, the default duration, and the
 * `preselect`ed services: [VPN_SERVICE_VALUE] when the dialog was opened from a VPN connect
 * attempt (connectDecision's `preselect` says which), none otherwise.
 */
export const initialAccessRequestValues = (now: number, preselect: ReadonlyArray<string> = []): AccessRequestFormValues => ({
  services: [...new Set(preselect)],
  approvers: [],
  start: minimumStart(now),
  reason: "",
  duration: DEFAULT_DURATION,
});

/**
 * The errors of the form at `now`: REQUIRED for each empty field (a reason of only spaces is
 * empty), INVALID_DATE_AND_TIME for a start that is not a finite time, earlier than
 * minimumStart(now) less START_CLOCK_SLACK_MS, or later than LATEST_START_MS. An empty object means valid. Never fails.
 */
export const validateAccessRequestForm = (values: AccessRequestFormValues, now: number): AccessRequestFormErrors => {
  const errors: AccessRequestFormErrors = {};
  if (values.services.length === 0) errors.services = REQUIRED;
  if (values.approvers.length === 0) errors.approvers = REQUIRED;
  if (values.start === null) errors.start = REQUIRED;
  else if (!Number.isFinite(values.start) || values.start < minimumStart(now) - START_CLOCK_SLACK_MS || values.start > LATEST_START_MS) {
    errors.start = INVALID_DATE_AND_TIME;
  }
  if (values.reason.trim() === "") errors.reason = REQUIRED;
  if (values.duration === null) errors.duration = REQUIRED;
  return errors;
};

/** Whether the form has no errors at `now`. */
export const isAccessRequestFormValid = (values: AccessRequestFormValues, now: number): boolean =>
  Object.keys(validateAccessRequestForm(values, now)).length === 0;

/** Whether Send is enabled: the form was touched (edited) and is valid at `now`. */
export const canSendAccessRequest = (values: AccessRequestFormValues, touched: boolean, now: number): boolean =>
  touched && isAccessRequestFormValid(values, now);

// ---------------------------------------------------------------------------------------------
// The dialog

/** form: editing; discard-warning: asking to discard changes; submitted: success shown. */
export type AccessRequestDialogPhase = "form" | "discard-warning" | "submitted" | "no-approvers" | "closed";

export interface AccessRequestDialogState {
  readonly phase: AccessRequestDialogPhase;
  /** Whether the dialog may be closed by the user at all (Escape, Cancel, Done). */
  readonly dismissible: boolean;
  /** Whether a backdrop click may close it: dismissible and not opened from a VPN connect attempt. */
  readonly closableByBackdrop: boolean;
  /** Whether any field was changed. */
  readonly dirty: boolean;
}

export type AccessRequestDialogEvent =
  | { readonly type: "edit" }
  | { readonly type: "escape" }
  | { readonly type: "backdrop" }
  | { readonly type: "cancel" }
  | { readonly type: "confirm-discard" }
  | { readonly type: "keep-editing" }
  | { readonly type: "submitted" }
  | { readonly type: "done" }
  | { readonly type: "ok" };

/**
 * The dialog as it opens: 'no-approvers' ("Unable to request access" with OK) when the device has
 * no possible approvers, otherwise the pristine form. Opened from a VPN connect attempt, a
 * backdrop click never closes it (and initialAccessRequestValues is given VPN to preselect).
 */
export const openAccessRequestDialog = (options: {
  readonly approverCount: number;
  readonly dismissible: boolean;
  readonly fromVpnConnect: boolean;
}): AccessRequestDialogState => ({
  phase: options.approverCount > 0 ? "form" : "no-approvers",
  dismissible: options.dismissible,
  closableByBackdrop: options.dismissible && !options.fromVpnConnect,
  dirty: false,
});

/** The buttons and hints the dialog shows in its state. */
export const accessRequestDialogView = (state: AccessRequestDialogState) => ({
  showCancel: state.phase === "form" && state.dismissible,
  showSend: state.phase === "form",
  showDone: state.phase === "submitted" && state.dismissible,
  showCloseWindowHint: state.phase === "submitted" && !state.dismissible,
  showOk: state.phase === "no-approvers",
});

/** A close request (Escape, backdrop or Cancel) on the form: warn first when there is anything to lose. */
const requestClose = (state: AccessRequestDialogState): AccessRequestDialogState =>
  state.dirty ? { ...state, phase: "discard-warning" } : { ...state, phase: "closed" };

/**
 * The next dialog state. Guarantees: a closed dialog stays closed; a non-dismissible dialog is
 * never closed by Escape, backdrop, Cancel or Done (only OK on 'no-approvers' closes it, as that
 * is its only way out); a backdrop click closes nothing when closableByBackdrop is false; a dirty
 * form is closed only through a confirmed discard warning, a pristine one closes at once; after
 * 'submitted' nothing is left to discard, so it closes without a warning. Never fails: events
 * that do not apply to the phase leave the state unchanged.
 */
export const accessRequestDialogReducer = (
  state: AccessRequestDialogState,
  event: AccessRequestDialogEvent,
): AccessRequestDialogState => {
  switch (state.phase) {
    case "closed":
      return state;
    case "form":
      switch (event.type) {
        case "edit":
          return state.dirty ? state : { ...state, dirty: true };
        case "escape":
        case "cancel":
          return state.dismissible ? requestClose(state) : state;
        case "backdrop":
          return state.closableByBackdrop ? requestClose(state) : state;
        case "submitted":
          return { ...state, phase: "submitted" };
        default:
          return state;
      }
    case "discard-warning":
      if (event.type === "confirm-discard") return { ...state, phase: "closed" };
      if (event.type === "keep-editing" || event.type === "escape") return { ...state, phase: "form" };
      return state;
    case "submitted":
      if (event.type === "done" || event.type === "escape") return state.dismissible ? { ...state, phase: "closed" } : state;
      if (event.type === "backdrop") return state.closableByBackdrop ? { ...state, phase: "closed" } : state;
      return state;
    case "no-approvers":
      if (event.type === "ok") return { ...state, phase: "closed" };
      if (event.type === "escape") return state.dismissible ? { ...state, phase: "closed" } : state;
      if (event.type === "backdrop") return state.closableByBackdrop ? { ...state, phase: "closed" } : state;
      return state;
  }
};
