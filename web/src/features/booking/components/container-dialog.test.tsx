import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18next } from '@/i18n';
import { stubFetchEachTest } from '@/testing/fetch';
import { readInPersian } from '@/testing/language';
import { envelope, renderWithProviders } from '@/testing/render';
import { ContainerDialog } from './container-dialog';
import type { LocalContainer } from './container-dialog';

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
      expect(await screen.findByText('کانتینر \u2068MSCU1000001\u2069 در فهرست کانتینرهای ثبت‌شده نیست')).toBeTruthy();
      expect(screen.queryByText(/container register/)).toBeNull();
    });
  });
});

const word = (key: 'seal' | 'count' | 'grossWeight' | 'netWeight' | 'numbers' | 'addButton') =>
  i18next.t(`booking:containerDialog.${key}`);

/** The first row's fields filled but the number (`seal`, `count`, weights). */
function fillRow(): void {
  fireEvent.change(screen.getByLabelText(word('seal')), { target: { value: 'SL-1' } });
  fireEvent.change(screen.getByLabelText(word('count')), { target: { value: '10' } });
  fireEvent.change(screen.getByLabelText(word('grossWeight')), { target: { value: '2000' } });
  fireEvent.change(screen.getByLabelText(word('netWeight')), { target: { value: '1800' } });
}

/** The dialog for `quantity` containers, none added yet. */
function renderDialog(quantity: number): void {
  const props = { quantity, initial: [], onClose: () => {}, onSubmit: () => {} };
  renderWithProviders(<ContainerDialog open {...props} />);
}

/** The text of what describes `field` (its error, its hint). */
const describedText = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe("the container dialog's refused ADD", () => {
  it('focuses Container Numbers first when nothing is filled, its error describing it', async () => {
    fetchMock.mockImplementation(async () => envelope({ list: { list: [] } }));
    renderDialog(2);
    fireEvent.click(screen.getByRole('button', { name: word('addButton') }));
    const numbers = screen.getByRole('combobox', { name: word('numbers') });
    await waitFor(() => expect(document.activeElement).toBe(numbers));
    expect(numbers.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(word('seal')).getAttribute('aria-invalid')).toBe('true');
  });

  it('focuses a number the register does not hold, its error describing it', async () => {
    await typeUnregistered();
    await screen.findByText('MSCU1000001 is not in the container register');
    fillRow();
    const add = screen.getByRole('button', { name: word('addButton') });
    add.focus();
    fireEvent.click(add);
    const numbers = screen.getByRole('combobox', { name: word('numbers') });
    await waitFor(() => expect(document.activeElement).toBe(numbers));
    expect(describedText(numbers)).toContain('MSCU1000001 is not in the container register');
  });
});

describe('the container that fills the booking', () => {
  it('moves focus from ADD, now disabled, to Submit', async () => {
    const registered = [{ name: 'MSCU1000001', value: 7 }];
    fetchMock.mockImplementation(async () => envelope({ list: { list: registered } }));
    renderDialog(1);
    const numbers = screen.getByRole('combobox', { name: word('numbers') });
    fireEvent.change(numbers, { target: { value: 'MSCU1000001' } });
    const chosen = i18next.t('booking:containerDialog.chosen', { name: 'MSCU1000001' });
    expect(await screen.findByText(chosen)).toBeTruthy();
    fillRow();
    const add = screen.getByRole('button', { name: word('addButton') });
    add.focus();
    fireEvent.click(add);
    const submit = screen.getByRole('button', { name: i18next.t('booking:actions.submit') });
    await waitFor(() => expect(document.activeElement).toBe(submit));
    expect((add as HTMLButtonElement).disabled).toBe(true);
  });
});

/** A container row already added (the dialog opened again on an order's containers). */
const added = (localId: number, containerNumber: string): LocalContainer => ({
  localId,
  containerId: localId,
  containerNumber,
  seal: `SL-${localId}`,
  count: 10,
  type: 1,
  grossWeight: 2000,
  netWeight: 1800,
  packageCode: null,
  packageDescription: null,
});

describe("a container row's Delete (record 3884)", () => {
  const deleteOf = (number: string) =>
    screen.getByRole('button', { name: i18next.t('booking:containerDialog.deleteLabel', { name: number }) });
  const status = () => screen.getByRole('status');

  it("gives the focus to the next row's Delete, the previous one's for the last row, then ADD; and says it", async () => {
    fetchMock.mockImplementation(async () => envelope({ list: { list: [] } }));
    const rows = [added(1, 'MSCU1000001'), added(2, 'MSCU1000002'), added(3, 'MSCU1000003')];
    renderWithProviders(<ContainerDialog open quantity={3} initial={rows} onClose={() => {}} onSubmit={() => {}} />);

    const middle = deleteOf('MSCU1000002');
    middle.focus();
    fireEvent.click(middle);
    expect(middle.isConnected).toBe(false);
    expect(document.activeElement).toBe(deleteOf('MSCU1000003'));
    expect(status().textContent).toBe('Container MSCU1000002 deleted');

    fireEvent.click(deleteOf('MSCU1000003'));
    expect(document.activeElement).toBe(deleteOf('MSCU1000001'));
    expect(status().textContent).toBe('Container MSCU1000003 deleted');

    fireEvent.click(deleteOf('MSCU1000001'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: word('addButton') }));
    expect(document.activeElement).not.toBe(document.body);
    expect(status().textContent).toBe('Container MSCU1000001 deleted');
  });
});
