import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { rateRequestDetail } from '@/testing/orders';
import { BookingFacts, OrderFacts } from './booking-facts';

const base = rateRequestDetail();
const FOREIGN_PHONE = '+49 40 1234567';
const order = {
  ...base.order!,
  parties: [
    ...base.order!.parties,
    {
      name: 'Hamburg Imports GmbH',
      address: 'Hafenstraße 1',
      phoneNumber: FOREIGN_PHONE,
      fax: null,
      partyType: 1,
      isForSwbl: false,
    },
  ],
};

describe('left-to-right values in a right-to-left page', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it("isolates each party's phone number and each container's number and seal left to right", async () => {
    await act(() => setLanguage('fa'));
    render(<OrderFacts order={order} />);
    const phone = screen.getByText(FOREIGN_PHONE);
    expect(phone.tagName).toBe('BDI');
    expect(phone.getAttribute('dir')).toBe('ltr');
    // Every cell under the phone column holds its number isolated, none bare.
    const tables = screen.getAllByRole('table');
    const phoneCells = tables.flatMap((table) =>
      within(table)
        .queryAllByRole('cell')
        .filter((cell) => /^\+?[\d\s]{7,}$/.test(cell.textContent ?? '')),
    );
    expect(phoneCells.length).toBeGreaterThanOrEqual(2);
    for (const cell of phoneCells) expect(cell.querySelector('bdi[dir="ltr"]')?.textContent).toBe(cell.textContent);
    const container = screen.getByText('MSCU1234565');
    expect([container.tagName, container.getAttribute('dir')]).toEqual(['BDI', 'ltr']);
  });

  it('isolates what the customer typed in its own direction: party names, addresses, the cargo', async () => {
    await act(() => setLanguage('fa'));
    render(<OrderFacts order={order} />);
    for (const text of ['Hamburg Imports GmbH', 'Hafenstraße 1', order.cargoDescription]) {
      const node = screen.getByText(String(text));
      // Direction left to the text itself (no dir): a Persian name reads right to left, an English one left to right.
      expect([node.tagName, node.getAttribute('dir')]).toEqual(['BDI', null]);
    }
  });

  it("isolates the booking's reference and HS code", async () => {
    await act(() => setLanguage('fa'));
    render(<BookingFacts request={{ ...base, reference: 'FB-2026-000123' }} />);
    for (const text of ['FB-2026-000123', base.hsCode]) {
      const node = screen.getByText(text);
      expect([node.tagName, node.getAttribute('dir')]).toEqual(['BDI', 'ltr']);
    }
  });
});
