import { useEffect, useRef } from 'react';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { latinDigits } from '@/i18n/digits';
import { mergeRefs } from '@/lib/merge-refs';
import { TextInput } from '../text-input';
import type { TextInputProps } from '../text-input';

/** Keys that would change a number field by accident or sneak an exponent in (spec 000 section 5). */
const BLOCKED_KEYS = new Set(['ArrowUp', 'ArrowDown', 'e', 'E']);

export function isBlockedNumberKey(key: string): boolean {
  return BLOCKED_KEYS.has(key);
}

/**
 * A number as typed on any keyboard, as the form keeps it: Persian and Arabic-Indic digits as Latin ones, the
 * Persian decimal separator "٫" as "." (record 3867). Each character stays one, so the caret keeps its place.
 */
export function typedNumber(text: string): string {
  return latinDigits(text).replaceAll('٫', '.');
}

export type NumberInputProps = Omit<TextInputProps, 'type'>;

/**
 * The design system's number field: text with the digit keyboard (`inputMode`), not `type="number"`, which
 * drops the digits of a Persian keyboard; what is typed reaches the form in Latin digits, and the form's own
 * rule says when it is no number.
 */
export function NumberInput({ ref, onKeyDown, onChange, inputMode = 'decimal', ...rest }: NumberInputProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);

  // React attaches wheel listeners as passive, so preventDefault needs a native, non-passive listener.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return undefined;
    const blockWheel = (event: WheelEvent) => {
      if (document.activeElement === input) event.preventDefault();
    };
    input.addEventListener('wheel', blockWheel, { passive: false });
    return () => input.removeEventListener('wheel', blockWheel);
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isBlockedNumberKey(event.key)) {
      event.preventDefault();
      return;
    }
    onKeyDown?.(event);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const latin = typedNumber(input.value);
    if (latin !== input.value) {
      const { selectionStart, selectionEnd } = input;
      input.value = latin;
      if (selectionStart !== null && selectionEnd !== null) input.setSelectionRange(selectionStart, selectionEnd);
    }
    onChange?.(event);
  };

  return (
    <TextInput
      {...rest}
      ref={mergeRefs(inputRef, ref)}
      type="text"
      inputMode={inputMode}
      onKeyDown={handleKeyDown}
      onChange={handleChange}
    />
  );
}
