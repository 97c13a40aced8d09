// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addable, perContainer } from './quote-dialog';

describe('quote breakdown editor', () => {
  it('adds up the per-container lines in cents, leaving per-booking ones out', () => {
    const lines = [
      { per: 'container' as const, typed: '0.1' },
      { per: 'container' as const, typed: '0.2' },
      { per: 'booking' as const, typed: '45' },
    ];
    expect(perContainer(lines)).toBe(0.3);
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
