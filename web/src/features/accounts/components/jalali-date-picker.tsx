import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/ui/text-input';
import { latinDigits, localDigits } from '@/lib/format';
import { formatDate, isValidJalali, jalaliMonthLength, jalaliWeekday, parseDate, toJalali } from '../lib/jalali';
import styles from './accounts.module.css';

const NUMERIC = 'numeric';

export interface JalaliDatePickerProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  name?: string;
  /** Defaults to the first day of the month the calendar opens at, so the two never disagree. */
  placeholder?: string;
}

function today() {
  const now = new Date();
  return toJalali({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

/** A text field holding YYYY/MM/DD and a Jalali calendar to pick it from (keyboard reachable). */
export function JalaliDatePicker({
  label,
  value,
  onChange,
  onBlur,
  error,
  required,
  name,
  placeholder,
}: JalaliDatePickerProps) {
  const { t, i18n } = useTranslation('accounts');
  const months = t('datePicker.months', { returnObjects: true });
  const weekdays = t('datePicker.weekdays', { returnObjects: true });
  const [open, setOpen] = useState(false);
  const parsed = parseDate(value);
  const opening = { ...today(), year: today().year - 25 };
  const initial = parsed && isValidJalali(parsed) ? parsed : opening;
  const [view, setView] = useState({ year: initial.year, month: initial.month });
  const calendarId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const language = i18n.language?.startsWith('fa') ? 'fa' : 'en';
  // The day is held in Latin digits and shown in the language's (each digit for one, so the caret keeps its
  // place: it is put back where it was typed after the shown value is rewritten).
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<[number, number] | null>(null);
  useLayoutEffect(() => {
    const at = caret.current;
    caret.current = null;
    if (at && inputRef.current === document.activeElement) inputRef.current?.setSelectionRange(at[0], at[1]);
  });

  useEffect(() => {
    if (!open) return undefined;
    const onDown = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const shift = (delta: number) =>
    setView(({ year, month }) => {
      const index = year * 12 + (month - 1) + delta;
      return { year: Math.floor(index / 12), month: (index % 12) + 1 };
    });

  const length = jalaliMonthLength(view.year, view.month);
  const offset = jalaliWeekday({ year: view.year, month: view.month, day: 1 });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className={styles.dateField} ref={rootRef}>
      <TextInput
        label={label}
        name={name}
        required={required}
        ref={inputRef}
        value={localDigits(value, language)}
        // The example day in the language's digits (۱۴۰۵/۱۰/۰۸ in Persian); Latin digits are still accepted.
        placeholder={localDigits(
          placeholder ?? formatDate({ year: opening.year, month: opening.month, day: 1 }),
          language,
        )}
        hint={t('datePicker.hint')}
        inputMode={NUMERIC}
        error={error}
        onChange={(event) => {
          caret.current = [event.target.selectionStart ?? 0, event.target.selectionEnd ?? 0];
          onChange(latinDigits(event.target.value));
        }}
        onBlur={onBlur}
        endAdornment={
          <button
            type="button"
            className={styles.linkButton}
            aria-expanded={open}
            aria-controls={calendarId}
            onClick={() => setOpen((v) => !v)}
          >
            {t('datePicker.open')}
          </button>
        }
      />
      {open ? (
        <div
          id={calendarId}
          className={styles.calendar}
          role="group"
          aria-label={t('datePicker.calendar', { label })}
          onKeyDown={onKeyDown}
        >
          <div className={styles.calendarHead}>
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => shift(-1)}
              aria-label={t('datePicker.previousMonth')}
            >
              <span className={styles.pointing}>‹</span>
            </button>
            <select
              aria-label={t('datePicker.month')}
              value={view.month}
              onChange={(e) => setView((v) => ({ ...v, month: Number(e.target.value) }))}
            >
              {months.map((m, i) => (
                <option key={m} value={i + 1}>
                  {m}
                </option>
              ))}
            </select>
            <input
              aria-label={t('datePicker.year')}
              type="number"
              value={view.year}
              min={1300}
              max={1500}
              onChange={(e) => {
                const year = Number(e.target.value);
                if (year >= 1300 && year <= 1500) setView((v) => ({ ...v, year }));
              }}
            />
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => shift(1)}
              aria-label={t('datePicker.nextMonth')}
            >
              <span className={styles.pointing}>›</span>
            </button>
          </div>
          <div className={styles.days}>
            {weekdays.map((d) => (
              <span key={d} className={styles.weekday} aria-hidden="true">
                {d}
              </span>
            ))}
            {Array.from({ length: offset }, (_, i) => (
              <span key={`blank-${i}`} />
            ))}
            {Array.from({ length }, (_, i) => {
              const date = { ...view, day: i + 1 };
              const text = formatDate(date);
              return (
                <button
                  key={text}
                  type="button"
                  className={text === value ? styles.selected : undefined}
                  aria-label={text}
                  aria-pressed={text === value}
                  onClick={() => {
                    onChange(text);
                    setOpen(false);
                  }}
                >
                  {localDigits(String(i + 1))}
                </button>
              );
            })}
          </div>
        </div>
      ) : null}
    </div>
  );
}
