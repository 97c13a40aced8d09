import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '@/i18n';
import { LanguageSwitch } from './language-switch';

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('LanguageSwitch', () => {
  it('turns the page to Persian, right to left, and back', async () => {
    render(<LanguageSwitch />);
    expect(document.documentElement.dir).toBe('ltr');
    await userEvent.click(screen.getByRole('button', { name: 'نمایش به فارسی' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('fa');
    expect(localStorage.getItem('freight.language')).toBe('fa');
    await userEvent.click(await screen.findByRole('button', { name: 'Show in English' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
  });
});
