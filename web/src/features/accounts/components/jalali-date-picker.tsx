import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/ui/text-input';
import { latinDigits, localDigits } from '@/lib/format';
import { formatDate, isValidJalali, jalaliMonthLength, jalaliWeekday, parseDate, toJalali } from '../lib/jalali';
import type { SimpleDate } from '../lib/jalali';
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

const DAYS_A_WEEK = 7;
const CALENDAR_STOPS = 'button:not([disabled]), select, input, [tabindex="0"]';

/** The day `days` after (or before) `date`, across months and years. */
function addDays({ year, month, day }: SimpleDate, days: number): SimpleDate {
  let at = { year, month, day: day + days };
  while (at.day < 1) {
    const before = at.month === 1 ? { year: at.year - 1, month: 12 } : { year: at.year, month: at.month - 1 };
    at = { ...before, day: at.day + jalaliMonthLength(before.year, before.month) };
  }
  while (at.day > jalaliMonthLength(at.year, at.month)) {
    const length = jalaliMonthLength(at.year, at.month);
    at =
      at.month === 12
        ? { year: at.year + 1, month: 1, day: at.day - length }
        : { ...at, month: at.month + 1, day: at.day - length };
  }
  return at;
}

/** The same day `months` later (or earlier), or the month's last when it is shorter. */
function addMonths({ year, month, day }: SimpleDate, months: number): SimpleDate {
  const index = year * 12 + (month - 1) + months;
  const at = { year: Math.floor(index / 12), month: (index % 12) + 1 };
  return { ...at, day: Math.min(day, jalaliMonthLength(at.year, at.month)) };
}

/**
 * Where a key moves the day in the grid (the APG date picker's keys): the arrows by a day or a week (left and
 * right as drawn: in Persian the week runs right to left), Home and End to the week's ends, Page Up and Page
 * Down by a month, with Shift by a year. null: not a key of the grid.
 */
function moveByKey(date: SimpleDate, key: string, shift: boolean, rtl: boolean): SimpleDate | null {
  const column = (jalaliWeekday({ ...date, day: 1 }) + date.day - 1) % DAYS_A_WEEK;
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return addDays(date, 1);
  if (key === back) return addDays(date, -1);
  if (key === 'ArrowDown') return addDays(date, DAYS_A_WEEK);
  if (key === 'ArrowUp') return addDays(date, -DAYS_A_WEEK);
  if (key === 'Home') return addDays(date, -column);
  if (key === 'End') return addDays(date, DAYS_A_WEEK - 1 - column);
  if (key === 'PageDown') return addMonths(date, shift ? 12 : 1);
  if (key === 'PageUp') return addMonths(date, shift ? -12 : -1);
  return null;
}

/**
 * A text field holding YYYY/MM/DD and a Jalali calendar to pick it from: a dialog whose days are a grid, one
 * Tab stop moved by the arrow keys, that gives the focus back to its button when it closes.
 */
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
  // The day the grid's one Tab stop is on (in the month shown, the month's last when it is shorter).
  const [activeDay, setActiveDay] = useState(initial.day);
  const calendarId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  // Set when the keyboard moved the day or the calendar opened: the day's button takes the focus once drawn.
  const focusDay = useRef(false);
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
  const active = { ...view, day: Math.min(activeDay, length) };

  useEffect(() => {
    if (!open || !focusDay.current) return;
    focusDay.current = false;
    gridRef.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  });

  const openCalendar = () => {
    // It opens at the day held, or where it was left.
    const held = parseDate(value);
    if (held && isValidJalali(held)) {
      setView({ year: held.year, month: held.month });
      setActiveDay(held.day);
    }
    focusDay.current = true;
    setOpen(true);
  };
  /** Closed by the keyboard or a day chosen, the focus goes back to the calendar's button. */
  const closeCalendar = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const moveTo = (date: SimpleDate) => {
    setView({ year: date.year, month: date.month });
    setActiveDay(date.day);
    focusDay.current = true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeCalendar();
      return;
    }
    // A modal dialog: Tab goes round its stops.
    if (event.key === 'Tab') {
      const stops = [...event.currentTarget.querySelectorAll<HTMLElement>(CALENDAR_STOPS)].filter(
        (stop) => stop.tabIndex >= 0,
      );
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const last = stops.length - 1;
      if (event.shiftKey ? at <= 0 : at === last) {
        event.preventDefault();
        stops[event.shiftKey ? last : 0]?.focus();
      }
    }
  };
  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl';
    const next = moveByKey(active, event.key, event.shiftKey, rtl);
    if (!next) return;
    event.preventDefault();
    moveTo(next);
  };
  const weeks: (number | null)[][] = [];
  const cells = [...Array.from({ length: offset }, () => null), ...Array.from({ length }, (_, i) => i + 1)];
  for (let i = 0; i < cells.length; i += DAYS_A_WEEK) weeks.push(cells.slice(i, i + DAYS_A_WEEK));

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
            ref={toggleRef}
            type="button"
            className={styles.linkButton}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={calendarId}
            onClick={() => (open ? setOpen(false) : openCalendar())}
          >
            {t('datePicker.open')}
          </button>
        }
      />
      {open ? (
        <div
          id={calendarId}
          className={styles.calendar}
          role="dialog"
          aria-modal="true"
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
          <div
            ref={gridRef}
            className={styles.days}
            role="grid"
            aria-label={t('datePicker.monthOfYear', {
              month: months[view.month - 1],
              year: localDigits(String(view.year)),
            })}
            onKeyDown={onGridKeyDown}
          >
            <div role="row" aria-hidden="true">
              {weekdays.map((d) => (
                <span key={d} className={styles.weekday}>
                  {d}
                </span>
              ))}
            </div>
            {weeks.map((week) => (
              <div role="row" key={week.find(Boolean)}>
                {week.map((day, column) => {
                  if (day === null) return <span key={`blank-${column}`} role="gridcell" />;
                  const text = formatDate({ ...view, day });
                  return (
                    <span key={text} role="gridcell" aria-selected={text === value}>
                      <button
                        type="button"
                        className={text === value ? styles.selected : undefined}
                        aria-label={text}
                        // One Tab stop for the whole month: the arrow keys move it.
                        tabIndex={day === active.day ? 0 : -1}
                        onClick={() => {
                          onChange(text);
                          closeCalendar();
                        }}
                      >
                        {localDigits(String(day))}
                      </button>
                    </span>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
