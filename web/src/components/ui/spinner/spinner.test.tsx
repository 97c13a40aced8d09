import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18next } from '@/i18n';
import { readInPersian } from '@/testing/language';
import { Spinner } from './spinner';

describe('a spinner in Persian', () => {
  readInPersian();

  it('tells assistive technology it is loading in the language shown, not in English', () => {
    render(<Spinner />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(i18next.t('common:shell.loading'));
    expect(status.textContent).not.toMatch(/[A-Za-z]/);
  });

  it("says a screen's own words when given them, and nothing inside a busy button", () => {
    const { rerender } = render(<Spinner label="در حال خواندن رزروها" />);
    expect(screen.getByRole('status').textContent).toBe('در حال خواندن رزروها');
    rerender(<Spinner label="" />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
