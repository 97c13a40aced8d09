import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18next } from '@/i18n';
import { stubFetchEachTest } from '@/testing/fetch';
import { readInPersian } from '@/testing/language';
import { envelope, renderWithProviders } from '@/testing/render';
import { ContainerDialog } from './container-dialog';

const fetchMock = stubFetchEachTest();

/** The dialog after a whole, well-formed number (its check digit right) that the register does not hold. */
async function typeUnregistered(): Promise<void> {
  fetchMock.mockImplementation(async () => envelope({ list: { list: [] } }));
  renderWithProviders(<ContainerDialog open quantity={2} initial={[]} onClose={() => {}} onSubmit={() => {}} />);
  const numbers = screen.getByRole('combobox', { name: i18next.t('booking:containerDialog.numbers') });
  fireEvent.change(numbers, { target: { value: 'MSCU1000001' } });
}

describe("the container dialog's number the register does not hold", () => {
  it('is said so', async () => {
    await typeUnregistered();
    expect(await screen.findByText('MSCU1000001 is not in the container register')).toBeTruthy();
  });

  describe('in Persian', () => {
    readInPersian();

    it('is said so in Persian, as the check digit is', async () => {
      await typeUnregistered();
      expect(await screen.findByText('کانتینر MSCU1000001 در فهرست کانتینرهای ثبت‌شده نیست')).toBeTruthy();
      expect(screen.queryByText(/container register/)).toBeNull();
    });
  });
});
