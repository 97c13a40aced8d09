import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { latinDigits } from '@/i18n/digits';
import styles from './accounts.module.css';

export interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  length?: number;
  invalid?: boolean;
  disabled?: boolean;
  /** Put the cursor in the first box when the boxes appear (the code is the only thing to type). */
  focusFirst?: boolean;
}

/** What was typed or pasted as the code's Latin digits: a Persian keyboard's digits too (record 3001). */
const codeDigits = (text: string) => latinDigits(text).replace(/\D/g, '');

/** Five boxes, digits only; typing moves on, Backspace moves back, a paste fills every box. The code reads left
 * to right in Persian too, as the SMS writes it. */
export function CodeInput({
  value,
  onChange,
  length = 5,
  invalid = false,
  disabled = false,
  focusFirst = false,
}: CodeInputProps) {
  const { t } = useTranslation('accounts');
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  useEffect(() => {
    if (focusFirst) refs.current[0]?.focus();
    // Only when the boxes first appear: later focus is the person's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const digits = Array.from({ length }, (_, i) => value[i] ?? '');

  const setAt = (index: number, digit: string) => {
    const next = digits.slice();
    next[index] = digit;
    onChange(next.join('').slice(0, length));
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = codeDigits(event.clipboardData.getData('text')).slice(0, length);
    if (!pasted) return;
    onChange(pasted);
    refs.current[Math.min(pasted.length, length - 1)]?.focus();
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    const digit = codeDigits(event.key);
    if (digit.length === 1 && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // A typed digit replaces the box's digit and moves on.
      event.preventDefault();
      setAt(index, digit);
      if (index < length - 1) refs.current[index + 1]?.focus();
      return;
    }
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      setAt(index - 1, '');
      refs.current[index - 1]?.focus();
    } else if (event.key === 'ArrowLeft' && index > 0) {
      refs.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      refs.current[index + 1]?.focus();
    }
  };

  return (
    <fieldset
      className={invalid ? `${styles.codeBoxes} ${styles.codeError}` : styles.codeBoxes}
      data-invalid={invalid}
      dir="ltr"
    >
      <legend className="visually-hidden">{t('codeInput.verificationCode')}</legend>
      {digits.map((digit, index) => (
        <input
          // The boxes are positional; their order never changes.
          key={index}
          ref={(el) => {
            refs.current[index] = el;
          }}
          className={styles.codeBox}
          value={digit}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          disabled={disabled}
          aria-label={t('codeInput.digit', { n: index + 1 })}
          aria-invalid={invalid || undefined}
          onFocus={(event) => event.target.select()}
          onPaste={onPaste}
          onKeyDown={onKeyDown(index)}
          onChange={(event) => {
            const typed = codeDigits(event.target.value);
            if (typed.length > 1) {
              // Autofill or a fast typist: spread the digits from here.
              const next = (digits.slice(0, index).join('') + typed).slice(0, length);
              onChange(next);
              refs.current[Math.min(next.length, length - 1)]?.focus();
              return;
            }
            setAt(index, typed);
            if (typed && index < length - 1) refs.current[index + 1]?.focus();
          }}
        />
      ))}
    </fieldset>
  );
}
