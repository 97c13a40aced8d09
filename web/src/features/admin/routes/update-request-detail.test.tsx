import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { startSession } from '@/lib/session';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
import { tokenFor } from '@/testing/token';
import { UpdateRequestDetailRoute } from './update-request-detail';

const fetchMock = stubFetchEachTest();
const CHANGED = 'The customer changed this edit request since you opened it: read it again before you decide';

function review(phone: string) {
  const field = (key: string, currentValue: string, editedValue: string | null) => ({
    fieldName: key,
    key,
    currentValue,
    editedValue,
    isEdited: editedValue !== null,
  });
  const fields = [field('firstName', 'Sara', null), field('phone', '09120000000', phone)];
  return {
    response: fields,
    fields,
    id: 'edit-1',
    nationalId: '0012345679',
    accountId: 'acc-1',
    accountType: 1,
    state: 'pending',
    stateCode: 0,
    declineMessage: null,
    requestedAt: null,
  };
}

describe('a profile edit decided as read (decision 3907)', () => {
  it('sends the values shown when Accept was pressed; refused, the dialog goes and the page shows the new ones', async () => {
    const sent: unknown[] = [];
    let phone = '09121111111';
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/update-requests/approve')) {
        sent.push(JSON.parse(String(init?.body)));
        return failureEnvelope(CHANGED, 409);
      }
      return envelope(review(phone));
    });
    startSession({ token: tokenFor('staff'), accountType: 0, roles: ['admin'] });
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/u/:id" element={<UpdateRequestDetailRoute kind="individual" />} />
      </Routes>,
      { route: '/u/0012345679' },
    );
    expect(await screen.findByDisplayValue('09121111111')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    // The customer sends another phone meanwhile.
    phone = '09122222222';
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(CHANGED)).toBeTruthy();
    expect(sent).toEqual([{ nationalId: '0012345679', edited: { phone: '09121111111' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByDisplayValue('09122222222')).toBeTruthy();
  });
});
