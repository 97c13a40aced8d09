import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('is one Tab stop moved by the arrow keys, and gives the focus back to its button', async () => {
    await act(() => loadCatalogues(['accounts']));
    render(<Picker />);
    fireEvent.change(screen.getByLabelText(/Birth date/), { target: { value: '1380/09/05' } });
    const open = screen.getByRole('button', { name: 'Calendar' });
    await userEvent.click(open);
    const grid = screen.getByRole('grid');
    // It opens at the day held, which takes the focus; every other day is out of the Tab order.
    expect(document.activeElement).toBe(within(grid).getByRole('button', { name: '1380/09/05' }));
    const stops = within(grid)
      .getAllByRole('button')
      .filter((day) => day.tabIndex === 0);
    expect(stops).toHaveLength(1);
    // A modal dialog: Tab from the day, its last stop, goes round to its first.
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous month' }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(stops[0]);

    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('1380/09/06');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('1380/09/13');
    await userEvent.keyboard('{PageDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('1380/10/13');
    // Azar has 30 days: a week on from its 27th is the 4th of Dey.
    await userEvent.keyboard('{PageUp}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('1380/10/04');

    // A day chosen with Enter is held, and the focus is back on the calendar's button.
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('1380/10/04');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);

    // Escape closes it too, the focus again on its button.
    await userEvent.click(open);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('1380/10/04');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('moves the day as drawn in Persian: the right arrow is the day before', async () => {
    await act(() => loadCatalogues(['accounts']));
    render(
      <div dir="rtl">
        <Picker />
      </div>,
    );
    fireEvent.change(screen.getByLabelText(/Birth date/), { target: { value: '1380/09/05' } });
    await userEvent.click(screen.getByRole('button', { name: 'Calendar' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('1380/09/04');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('1380/09/06');
  });
});
