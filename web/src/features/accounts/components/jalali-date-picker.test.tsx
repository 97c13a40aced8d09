import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogues, setLanguage } from '@/i18n';
import { JalaliDatePicker } from './jalali-date-picker';

function Picker() {
  const [value, setValue] = useState('');
  return (
    <>
      <JalaliDatePicker label="Birth date" value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('JalaliDatePicker', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('shows its example day in Persian digits in Persian and still takes Latin or Persian digits typed', async () => {
    await act(() => loadCatalogues(['accounts']));
    render(<Picker />);
    const input = screen.getByLabelText(/Birth date/);
    expect(input.getAttribute('placeholder')).toMatch(/^\d{4}\/\d{2}\/01$/);
    await act(() => setLanguage('fa'));
    expect(input.getAttribute('placeholder')).toMatch(/^[۰-۹]{4}\/[۰-۹]{2}\/۰۱$/);
    fireEvent.change(input, { target: { value: '1380/05/12' } });
    expect(screen.getByRole('status').textContent).toBe('1380/05/12');
    fireEvent.change(input, { target: { value: '۱۳۸۰/۰۵/۱۳' } });
    expect(screen.getByRole('status').textContent).toBe('1380/05/13');
    // The day is shown in the page's digits whichever were typed (and kept in Latin ones).
    expect((input as HTMLInputElement).value).toBe('۱۳۸۰/۰۵/۱۳');
    fireEvent.change(input, { target: { value: '1370/05/14' } });
    expect((input as HTMLInputElement).value).toBe('۱۳۷۰/۰۵/۱۴');
    await act(() => setLanguage('en'));
    expect((input as HTMLInputElement).value).toBe('1370/05/14');
  });
});
