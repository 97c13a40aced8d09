// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { perContainer } from './quote-dialog';

describe('quote breakdown editor', () => {
  it('adds up the per-container lines in cents, leaving per-booking ones out', () => {
    const lines = [
      { per: 'container' as const, typed: '0.1' },
      { per: 'container' as const, typed: '0.2' },
      { per: 'booking' as const, typed: '45' },
    ];
    expect(perContainer(lines)).toBe(0.3);
  });
});
