import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLanguage, i18next } from '@/i18n';
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

describe("a colleague's own language", () => {
  readInPersian();
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18next.changeLanguage('en');
  });

  it('turns the portal to the language saved, as the header switch does', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url !== OWN) return Promise.resolve(failureEnvelope('Not found', 404));
        const sent = init?.method === 'PUT' ? (JSON.parse(String(init.body)) as object) : {};
        return Promise.resolve(envelope({ ...own, ...sent }));
      }),
    );
    renderWithProviders(<OwnProfileForm />);
    const form = await screen.findByRole('form', { name: 'نمایهٔ من' });
    const user = userEvent.setup();
    await user.selectOptions(form.querySelector('select')!, 'en');
    await user.click(screen.getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(currentLanguage()).toBe('en'));
  });
});
