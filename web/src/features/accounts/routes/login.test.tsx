import { describe, expect, it } from 'vitest';
import { readInPersian } from '@/testing/language';
import { renderWithProviders } from '@/testing/render';
import { LoginRoute } from './login';

describe("the login page's document title", () => {
  readInPersian();

  it('is the login, then the portal, in the language shown', () => {
    renderWithProviders(<LoginRoute />);
    expect(document.title).toBe('ورود | درگاه رزرو حمل بار');
  });
});
