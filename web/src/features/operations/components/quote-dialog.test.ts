// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addable, bookingTotal, perContainer } from './charges-editor';

describe('quote breakdown editor', () => {
  it('adds up the per-container lines in cents, leaving per-booking ones out', () => {
    const lines = [
      { per: 'container' as const, typed: '0.1' },
      { per: 'container' as const, typed: '0.2' },
      { per: 'booking' as const, typed: '45' },
    ];
    expect(perContainer(lines)).toBe(0.3);
  });

  it('totals the booking as the server does: per-container lines per container, per-booking ones once', () => {
    const lines = [
      { per: 'container' as const, typed: '1454.75' },
      { per: 'container' as const, typed: '145.25' },
      { per: 'booking' as const, typed: '60' },
    ];
    expect(bookingTotal(lines, 3)).toBe(4860);
    expect(bookingTotal([{ per: 'container' as const, typed: '0.1' }], 3)).toBe(0.3);
  });

  it('offers only the kinds of charge the lines do not hold yet, in the breakdown order', () => {
    const kinds = [
      { code: 'ocean_freight', name: 'Ocean freight', per: 'container' as const },
      { code: 'baf', name: 'Bunker adjustment (BAF)', per: 'container' as const },
      { code: 'dg_surcharge', name: 'Dangerous goods surcharge', per: 'container' as const },
      { code: 'documentation_fee', name: 'Documentation fee', per: 'booking' as const },
    ];
    expect(addable(kinds, [{ code: 'baf' }, { code: 'ocean_freight' }]).map((k) => k.code)).toEqual([
      'dg_surcharge',
      'documentation_fee',
    ]);
    expect(addable(kinds, kinds)).toEqual([]);
  });
});
