import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { readInPersian } from '@/testing/language';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
import { TeamPanel } from './team-panel';

const TEAM = '/account/api/v1/client/team';
const team = {
  companyName: 'صادرات پارس',
  list: [{ id: 'c1', name: 'صادرات پارس', email: 'ops@parsexport.example', role: 'owner', status: 'active' }],
  totalCount: 1,
};
const invited = { id: 'm9', name: 'نگار رحیمی', email: 'negar@parsexport.example', role: 'viewer', status: 'invited' };

describe('the team panel in Persian', () => {
  readInPersian();
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const key = `${init?.method ?? 'GET'} ${url}`;
        if (key === `GET ${TEAM}`) return Promise.resolve(envelope(team));
        if (key === `POST ${TEAM}/invitations`) return Promise.resolve(envelope(invited, { status: 201 }));
        return Promise.resolve(failureEnvelope('Not found', 404));
      }),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('tells the owner the invitation went out in Persian, naming the address', async () => {
    const told = vi.spyOn(toast, 'success');
    renderWithProviders(<TeamPanel manage />);
    const form = await screen.findByRole('form', { name: 'دعوت از همکار' });
    fireEvent.change(within(form).getByLabelText('نام'), { target: { value: invited.name } });
    fireEvent.change(within(form).getByLabelText('ایمیل'), { target: { value: invited.email } });
    fireEvent.click(within(form).getByRole('button', { name: 'ارسال دعوت‌نامه' }));
    await vi.waitFor(() => expect(told).toHaveBeenCalled());
    expect(told.mock.calls[0][0]).toBe(`دعوت‌نامه به \u2068${invited.email}\u2069 فرستاده شد`);
  });
});
