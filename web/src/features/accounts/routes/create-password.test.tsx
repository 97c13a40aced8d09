import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { message } from '@/lib/messages';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, renderWithProviders } from '@/testing/render';
import { CreatePasswordRoute } from './create-password';

// The e-mailed link carries the national ID as text; 10-digit IDs above 2147483647, IDs with
// leading zeros and 11-digit company IDs must reach the server exactly as sent (tests/corpus.py's values).
const IDS = ['4325031880', '0012345678', '14003456789'];

describe('CreatePasswordRoute', () => {
  const fetchMock = stubFetchEachTest();

  beforeEach(() => {
    fetchMock.mockResolvedValue(envelope({ message: 'Password changed' }));
  });

  for (const nationalId of IDS) {
    it(`keeps the national ID ${nationalId} as text from the link to the request`, async () => {
      renderWithProviders(<CreatePasswordRoute />, {
        route: `/forgetpassword/createpassword?token=abc.def&nationalId=${nationalId}`,
      });
      expect(await screen.findByText(`Choose a password for the account ${nationalId}.`)).not.toBeNull();
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'New-Pass-123' } });
      fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'New-Pass-123' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save Password' }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
      expect(String(url)).toContain(`/auth/api/v1/${nationalId}/reset-password`);
      expect(JSON.parse(String(init.body))).toMatchObject({ token: 'abc.def' });
    });
  }

  it('focuses a password too short, which its error describes, when Save Password is refused', async () => {
    renderWithProviders(<CreatePasswordRoute />, {
      route: '/forgetpassword/createpassword?token=abc.def&nationalId=4325031880',
    });
    const password = await screen.findByLabelText('Password');
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Password' }));
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    const said = password.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(said.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain(
      message('accounts.password.min'),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
