import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cutOffName } from '@/components/sailing/sailing-facts';
import { readInPersian } from '@/testing/language';
import { ChargesBreakdown } from './charges-breakdown';
import { chargeName } from './charges';
import type { Priced } from './charges';

const priced: Priced = {
  charges: [
    { code: 'ocean_freight', name: 'Ocean freight', amount: 1000, per: 'container' },
    { code: 'documentation_fee', name: 'Documentation fee', amount: 45, per: 'booking' },
  ],
  price: 1000,
  totalPrice: 2045,
  quantity: 2,
  quotedBy: 'staff',
  tariffVersion: null,
  tariffRow: null,
};

describe('the names the server sends with a code, in Persian', () => {
  readInPersian();

  it('names each charge line by its code from the Persian catalogue', () => {
    render(<ChargesBreakdown priced={priced} />);
    const lines = within(screen.getByRole('table')).getAllByTestId('charge-line');
    expect(lines[0]?.textContent).toContain('کرایهٔ دریایی');
    expect(lines[1]?.textContent).toContain('هزینهٔ اسناد');
    expect(lines.map((tr) => tr.textContent).join(' ')).not.toMatch(/freight|fee/i);
  });

  it('names the cut-offs by their codes, and keeps a name it has no code for', () => {
    expect(cutOffName({ code: 'DCO', name: 'Shipping instructions (documentation)' })).toBe('دستورالعمل حمل (اسناد)');
    expect(cutOffName({ code: 'VCO', name: 'Verified gross mass (VGM)' })).toBe('وزن ناخالص تأییدشده (VGM)');
    expect(cutOffName({ code: 'XYZ', name: 'Another cut-off' })).toBe('Another cut-off');
    expect(chargeName({ code: 'port_dues', name: 'Port dues' })).toBe('Port dues');
  });
});

describe('the same names in English', () => {
  it('reads as the server names them', () => {
    expect(chargeName({ code: 'baf', name: 'Bunker adjustment (BAF)' })).toBe('Bunker adjustment (BAF)');
    expect(cutOffName({ code: 'FCO', name: 'FCL delivery' })).toBe('FCL delivery');
  });
});
