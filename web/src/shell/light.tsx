/**
 * Blueprint's markup and class names without its JavaScript, for what the first load shows (the
 * sign-in page, the error pages, the loading spinner, the offline banner): Blueprint's components
 * bring about 15 kB gzip of shared code (class tables, icons, interaction hooks) to a page that
 * needs a card, a form and a button (issue 16, first load). Blueprint's stylesheet styles these
 * exactly as it styles its own components; every other page keeps using Blueprint.
 */
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from "react";

type Intent = "primary" | "danger" | "warning" | "success";

const classes = (...names: Array<string | false | undefined>): string => names.filter(Boolean).join(" ");

/** Blueprint's Spinner: 20 px in buttons, 50 px on pages. */
export function LightSpinner({ small = false, className }: { small?: boolean; className?: string }) {
  const size = small ? 20 : 50;
  const stroke = small ? 16 : 8;
  const box = small ? "-3.00 -3.00 106.00 106.00" : "1.00 1.00 98.00 98.00";
  const path = "M 50,50 m 0,-45 a 45,45 0 1 1 0,90 a 45,45 0 1 1 0,-90";
  return (
    <div aria-label="loading" aria-valuemax={100} aria-valuemin={0} className={classes("bp6-spinner", className)} role="progressbar">
      <div className="bp6-spinner-animation">
        <svg width={size} height={size} strokeWidth={stroke.toFixed(2)} viewBox={box}>
          <path className="bp6-spinner-track" d={path} />
          <path className="bp6-spinner-head" d={path} pathLength={280} strokeDasharray="280 280" strokeDashoffset={210} />
        </svg>
      </div>
    </div>
  );
}

type ButtonLook = { text: ReactNode; intent?: Intent; fill?: boolean; loading?: boolean };

const buttonClass = ({ intent, fill, loading }: ButtonLook, disabled: boolean, className?: string) =>
  classes("bp6-button", disabled && "bp6-disabled", fill && "bp6-fill", loading && "bp6-loading", intent && `bp6-intent-${intent}`, className);

/** Blueprint's Button; `loading` disables it and shows the small spinner. */
export function LightButton({ text, intent, fill, loading = false, disabled = false, className, type = "button", ...rest }:
  ButtonLook & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children">) {
  const off = disabled || loading;
  return (
    <button type={type} {...rest} disabled={off} className={buttonClass({ text, intent, fill, loading }, off, className)}>
      {loading && <LightSpinner small className="bp6-button-spinner" />}
      <span className="bp6-button-text">{text}</span>
    </button>
  );
}

/** Blueprint's AnchorButton: a link that looks like a button. */
export function LightAnchorButton({ text, intent, className, ...rest }: ButtonLook & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "children">) {
  return (
    <a role="button" tabIndex={0} {...rest} className={buttonClass({ text, intent }, false, className)}>
      <span className="bp6-button-text">{text}</span>
    </a>
  );
}

// Blueprint's 16 px "cross" icon, for the close button of what the first load shows (the app banner).
const CROSS_PATH = "m9.41 8 3.29-3.29c.19-.18.3-.43.3-.71a1.003 1.003 0 0 0-1.71-.71L8 6.59l-3.29-3.3a1.003 1.003 0 0 0-1.42 1.42L6.59 8 3.3 11.29c-.19.18-.3.43-.3.71a1.003 1.003 0 0 0 1.71.71L8 9.41l3.29 3.29c.18.19.43.3.71.3a1.003 1.003 0 0 0 .71-1.71z";

/** Blueprint's minimal Button with the "cross" icon and no text; `aria-label` names it. */
export function LightCloseButton({ className, ...rest }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children" | "type"> & { "aria-label": string }) {
  return (
    <button type="button" {...rest} className={classes("bp6-button", "bp6-minimal", className)}>
      <span aria-hidden="true" className="bp6-icon bp6-icon-cross">
        <svg data-icon="cross" height="16" role="img" viewBox="0 0 16 16" width="16"><path d={CROSS_PATH} fillRule="evenodd" /></svg>
      </span>
    </button>
  );
}

// Blueprint's 16 px "error" and "warning-sign" icons, the ones its Callout shows for these intents.
const CALLOUT_ICONS = {
  danger: ["error", "M7.99-.01c-4.42 0-8 3.58-8 8s3.58 8 8 8 8-3.58 8-8-3.58-8-8-8m1 13h-2v-2h2zm0-3h-2v-7h2z"],
  warning: ["warning-sign", "m15.84 13.5.01-.01-7-12-.01.01c-.17-.3-.48-.5-.85-.5s-.67.2-.85.5l-.01-.01-7 12 .01.01c-.09.15-.15.31-.15.5 0 .55.45 1 1 1h14c.55 0 1-.45 1-1 0-.19-.06-.35-.15-.5m-6.85-.51h-2v-2h2zm0-3h-2v-5h2z"],
} as const;

/** Blueprint's Callout with its intent icon. */
export function LightCallout({ intent, compact = false, children, className, ...rest }:
  { intent: "danger" | "warning"; compact?: boolean; children: ReactNode; className?: string } & Omit<React.HTMLAttributes<HTMLDivElement>, "children">) {
  const [name, d] = CALLOUT_ICONS[intent];
  return (
    <div {...rest} className={classes("bp6-callout", `bp6-intent-${intent}`, "bp6-callout-has-body-content", "bp6-callout-icon", compact && "bp6-compact", className)}>
      <span aria-hidden="true" className={`bp6-icon bp6-icon-${name}`}>
        <svg data-icon={name} height="16" role="img" viewBox="0 0 16 16" width="16"><path d={d} fillRule="evenodd" /></svg>
      </span>
      {children}
    </div>
  );
}

/** Blueprint's FormGroup around an InputGroup: a label and its text input. */
export function LightField({ label, id, onValueChange, ...input }:
  { label: string; id: string; onValueChange: (value: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "onChange">) {
  return (
    <div className="bp6-form-group">
      <label className="bp6-label" htmlFor={id}>{label}</label>
      <div className="bp6-form-content">
        <div className="bp6-input-group">
          <input {...input} id={id} className="bp6-input" onChange={(event) => onValueChange(event.target.value)} />
        </div>
      </div>
    </div>
  );
}
