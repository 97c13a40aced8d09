import { describe, expect, it } from 'vitest';
import { asOfFromSearchParams } from './as-of';

describe('asOfFromSearchParams', () => {
  it('reads a position, which wins over a time', () => {
    expect(asOfFromSearchParams(new URLSearchParams('position=12&at=2026-11-21T10:00'))).toEqual({ position: 12 });
  });

  it('reads a local time as an ISO instant', () => {
    expect(asOfFromSearchParams(new URLSearchParams('at=2026-11-21T10:00'))).toEqual({
      at: new Date(2026, 10, 21, 10, 0).toISOString(),
    });
  });

  it('ignores positions below 1, fractions and junk', () => {
    for (const search of ['position=0', 'position=-1', 'position=1.5', 'position=abc', 'at=later', '']) {
      expect(asOfFromSearchParams(new URLSearchParams(search)), search).toBeNull();
    }
  });
});
