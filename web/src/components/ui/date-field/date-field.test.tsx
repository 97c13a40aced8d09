import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateField, typedDate } from './date-field';

function Harness({ start = '' }: { start?: string }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <DateField label="Preferred Shipping Date" value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('DateField', () => {
  it('shows and takes a day as YYYY/MM/DD, keeping YYYY-MM-DD', () => {
    render(<Harness start="2026-12-10" />);
    const input = screen.getByLabelText(/Preferred Shipping Date/) as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.value).toBe('2026/12/10');
    fireEvent.change(input, { target: { value: '20270105' } });
    expect(input.value).toBe('2027/01/05');
    expect(screen.getByText('2027-01-05')).toBeTruthy();
    // Typed a key at a time, the slashes come as the digits do.
    fireEvent.change(input, { target: { value: '2028/1' } });
    expect(input.value).toBe('2028/1');
    fireEvent.change(input, { target: { value: '2028/1210' } });
    expect(input.value).toBe('2028/12/10');
    expect(screen.getByText('2028-12-10')).toBeTruthy();
  });

  it('reads the Solar Hijri day its Persian example asks for, in Persian or Latin digits (record 3867)', () => {
    expect(typedDate('۱۴۰۵/۱۰/۱۵')).toBe('2027-01-05');
    expect(typedDate('1405/10/15')).toBe('2027-01-05');
    expect(typedDate('١٤٠٥/٠٩/١٩')).toBe('2026-12-10');
    expect(typedDate('۲۰۲۷/۰۱/۰۵')).toBe('2027-01-05');
    // A day the Solar Hijri calendar lacks (1405 is a common year) is refused, as 2027/02/30 is.
    expect(typedDate('1405/12/30')).toBe('1405/12/30');
    render(<Harness />);
    const input = screen.getByLabelText(/Preferred Shipping Date/) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '۱۴۰۵۱۰۱۵' } });
    expect(input.value).toBe('۱۴۰۵/۱۰/۱۵');
    expect(screen.getByText('2027-01-05')).toBeTruthy();
  });

  it('refuses a day that does not exist and keeps an empty field empty', () => {
    expect(typedDate('2027/02/30')).toBe('2027/02/30');
    expect(typedDate('2027/02/28')).toBe('2027-02-28');
    expect(typedDate('2027-02-28')).toBe('2027-02-28');
    expect(typedDate('  ')).toBe('');
    expect(typedDate('02/28/2027')).toBe('02/28/2027');
  });
});
