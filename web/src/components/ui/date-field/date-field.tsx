import { useState } from 'react';
import type { Ref } from 'react';
import { TextInput } from '../text-input';
import type { TextInputProps } from '../text-input';

/** `2026-12-10` -> `2026/12/10` (what the field shows); anything else as it is. */
export function shownDate(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.replaceAll('-', '/') : iso;
}

/**
 * What was typed as the value a form keeps: `2026/12/10` (or `2026-12-10`, or `20261210`) -> `2026-12-10`
 * when it is a real day; '' for nothing; otherwise the text itself, which a form's check refuses.
 */
export function typedDate(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const match = /^(\d{4})[/.-]?(\d{2})[/.-]?(\d{2})$/.exec(trimmed);
  if (!match) return trimmed;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? `${match[1]}-${match[2]}-${match[3]}` : trimmed;
}

/** Whether a form value is a day as `typedDate` gives it. */
export const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Digits typed get their slashes as they come: `202612` -> `2026/12`. */
function withSlashes(text: string): string {
  if (!/^\d+$/.test(text) || text.length <= 4) return text;
  return [text.slice(0, 4), text.slice(4, 6), text.slice(6, 8)].filter(Boolean).join('/');
}

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'defaultValue' | 'ref'> {
  /** The day as `YYYY-MM-DD` (what forms and the API keep), '' for none. */
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The design system's date field: a day typed and shown as YYYY/MM/DD whatever the browser's locale (a native
 * date input shows mm/dd/yyyy to many), kept as `YYYY-MM-DD`. Controlled; with react-hook-form, through a
 * `Controller` (`value`, `onChange`, `onBlur`, `inputRef={field.ref}`).
 */
export function DateField({ value, onChange, inputRef, hint, ...rest }: DateFieldProps) {
  const [text, setText] = useState(() => shownDate(value));
  const [seen, setSeen] = useState(value);
  // A value set from outside (a reset, a loaded record) replaces what is shown unless it is what was typed.
  if (seen !== value) {
    setSeen(value);
    if (typedDate(text) !== value) setText(shownDate(value));
  }
  return (
    <TextInput
      {...rest}
      ref={inputRef}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="YYYY/MM/DD"
      maxLength={10}
      value={text}
      hint={hint ?? 'YYYY/MM/DD'}
      onChange={(event) => {
        const next = withSlashes(event.target.value);
        setText(next);
        onChange(typedDate(next));
      }}
    />
  );
}
