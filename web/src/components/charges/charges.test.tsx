import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChargesBreakdown } from './charges-breakdown';
import { quoteSource } from './charges';
import type { Priced } from './charges';

const instant: Priced = {
  charges: [
    { code: 'ocean_freight', name: 'Ocean freight', amount: 1000, per: 'container' },
    { code: 'dg_surcharge', name: 'Dangerous goods surcharge', amount: 400.1, per: 'container' },
    { code: 'documentation_fee', name: 'Documentation fee', amount: 45, per: 'booking' },
  ],
  price: 1400.1,
  totalPrice: 2845.2,
  quantity: 2,
  quotedBy: 'system',
  tariffVersion: 2,
  tariffRow: 5,
};

describe('price breakdown', () => {
  it('lists each charge with its basis, the price per container and the booking total', () => {
    render(<ChargesBreakdown priced={instant} forStaff />);
    const table = screen.getByRole('table', { name: 'Price breakdown' });
    const lines = within(table)
      .getAllByTestId('charge-line')
      .map((tr) => tr.textContent);
    expect(lines).toEqual([
      'Ocean freightper container$1,000.00',
      'Dangerous goods surchargeper container$400.10',
      'Documentation feeper booking$45.00',
    ]);
    expect(screen.getByTestId('booking-total').textContent).toBe('$2,845.20');
    expect(screen.getByText("Quoted instantly from the carrier's tariff (version 2, row 5)")).toBeTruthy();
  });

  it("tells the customer the price came from the carrier's tariff, without the tariff's version and row", () => {
    render(<ChargesBreakdown priced={instant} />);
    expect(screen.getByText("Quoted instantly from the carrier's tariff")).toBeTruthy();
    expect(screen.queryByText(/version|row/)).toBeNull();
  });

  it('shows nothing before a price, and says who priced by hand', () => {
    const { container } = render(<ChargesBreakdown priced={{ ...instant, charges: [], quotedBy: null }} />);
    expect(container.textContent).toBe('');
    expect(quoteSource({ quotedBy: 'staff', tariffVersion: null, tariffRow: null })).toBe('Quoted by our staff');
  });
});
