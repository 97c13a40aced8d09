import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isBlockedNumberKey, NumberInput, typedNumber } from './number-input';

describe('NumberInput', () => {
  it('names the blocked keys', () => {
    expect(['ArrowUp', 'ArrowDown', 'e', 'E'].every(isBlockedNumberKey)).toBe(true);
    expect(['1', 'Backspace', '.', 'ArrowLeft', 'Tab'].some(isBlockedNumberKey)).toBe(false);
  });

  it('cancels ArrowUp, ArrowDown and the letter e but lets digits through', () => {
    const onKeyDown = vi.fn();
    render(<NumberInput label="Quantity" onKeyDown={onKeyDown} />);
    const input = screen.getByLabelText('Quantity');
    // fireEvent returns false when the handler called preventDefault.
    expect(fireEvent.keyDown(input, { key: 'ArrowUp' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: 'ArrowDown' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: 'e' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: 'E' })).toBe(false);
    expect(onKeyDown).not.toHaveBeenCalled();
    expect(fireEvent.keyDown(input, { key: '7' })).toBe(true);
    expect(onKeyDown).toHaveBeenCalledTimes(1);
  });

  it('blocks the mouse wheel while focused', () => {
    render(<NumberInput label="Gross Weight" />);
    const input = screen.getByLabelText('Gross Weight');
    input.focus();
    const wheel = new WheelEvent('wheel', { bubbles: true, cancelable: true, deltaY: 100 });
    input.dispatchEvent(wheel);
    expect(wheel.defaultPrevented).toBe(true);
  });

  it('is a text field with the digit keyboard, which a Persian keyboard can type into', () => {
    render(<NumberInput label="Count" />);
    expect(screen.getByLabelText('Count').getAttribute('type')).toBe('text');
    expect(screen.getByLabelText('Count').getAttribute('inputmode')).toBe('decimal');
  });

  it('gives the form Persian and Arabic-Indic digits as Latin ones (record 3867)', () => {
    const seen: string[] = [];
    render(<NumberInput label="Gross Weight" onChange={(event) => seen.push(event.target.value)} />);
    const input = screen.getByLabelText('Gross Weight') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '۲۰۰۰۰٫۵' } });
    expect(input.value).toBe('20000.5');
    fireEvent.change(input, { target: { value: '١٨٠٠٠' } });
    expect(seen).toEqual(['20000.5', '18000']);
    expect(typedNumber('12a')).toBe('12a');
  });
});
