import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readInPersian } from '@/testing/language';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
import { OwnProfileForm } from './own-profile-form';

const OWN = '/account/api/v1/client/team/me';
const own = {
  id: 'm1',
  name: 'نگار شریفی',
  email: 'negar.sharifi@parsexport.example',
  phone: '',
  language: 'fa',
  role: 'viewer',
  companyName: 'Pars Export Co.',
};

describe("a colleague's own profile in Persian", () => {
  readInPersian();
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) =>
        Promise.resolve(
          `${init?.method ?? 'GET'} ${url}` === `GET ${OWN}` ? envelope(own) : failureEnvelope('Not found', 404),
        ),
      ),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('names his team role in Persian words', async () => {
    renderWithProviders(<OwnProfileForm />);
    const form = await screen.findByRole('form', { name: 'نمایهٔ من' });
    const says = form.querySelector('p')?.textContent ?? '';
    expect(says).toBe(`${own.email}: بیننده در ${own.companyName}`);
    expect(says.replace(own.email, '').replace(own.companyName, '')).not.toMatch(/[A-Za-z]/);
  });
});
