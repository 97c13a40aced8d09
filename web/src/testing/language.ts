/** The tests of a describe block read the app in Persian; English is restored after each. */
import { act } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setLanguage } from '@/i18n';

export function readInPersian(): void {
  beforeEach(async () => {
    await act(() => setLanguage('fa'));
  });
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });
}
