import { HTMLSelect } from "@blueprintjs/core";
import { useMemo } from "react";
import { roundUpToStep, timePickerMinutes } from "@portal/core/rules/mobile";

export interface TimePickerProps {
  /** Minutes after midnight; rounded up to the step when it is not on one. */
  value: number;
  onChange: (minutes: number) => void;
  /** Accessible name, e.g. "Start time". */
  label: string;
  /** Earliest selectable time (minutes after midnight), e.g. now for a start today. */
  min?: number;
  /** 12-hour clock (depends on the locale, spec 5). */
  hour12?: boolean;
  disabled?: boolean;
}

const format = (minutes: number, hour12: boolean): string => {
  const h = Math.floor(minutes / 60);
  const m = String(minutes % 60).padStart(2, "0");
  if (!hour12) return `${String(h).padStart(2, "0")}:${m}`;
  return `${((h + 11) % 12) + 1}:${m} ${h < 12 ? "AM" : "PM"}`;
};

/**
 * A time of day in 5-minute steps (spec 5 and 9; core's timePickerMinutes). A native select:
 * phones show their own touch wheel, keyboards use arrows and type-ahead. For the coming
 * access-request dialog and any later time input.
 */
export function TimePicker({ value, onChange, label, min = 0, hour12 = false, disabled }: TimePickerProps) {
  const options = useMemo(
    () => timePickerMinutes().filter((m) => m >= roundUpToStep(min)).map((m) => ({ value: m, label: format(m, hour12) })),
    [min, hour12],
  );
  return (
    <HTMLSelect aria-label={label} value={roundUpToStep(value)} disabled={disabled} options={options} className="time-picker"
      onChange={(e) => onChange(Number(e.currentTarget.value))} />
  );
}
