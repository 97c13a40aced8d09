import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { mergeRefs } from '@/lib/merge-refs';
import { TextInput } from '../text-input';
import type { TextInputProps } from '../text-input';

/** Keys that would change a number field by accident or sneak an exponent in (spec 000 section 5). */
const BLOCKED_KEYS = new Set(['ArrowUp', 'ArrowDown', 'e', 'E']);

export function isBlockedNumberKey(key: string): boolean {
  return BLOCKED_KEYS.has(key);
}

export type NumberInputProps = Omit<TextInputProps, 'type'>;

export function NumberInput({ ref, onKeyDown, inputMode = 'decimal', ...rest }: NumberInputProps) {
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

  return (
    <TextInput {...rest} ref={mergeRefs(inputRef, ref)} type="number" inputMode={inputMode} onKeyDown={handleKeyDown} />
  );
}
