// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { shown } from './change-diff';

describe('amendment table values', () => {
  it('writes a day as YYYY/MM/DD and a moment with its zone, never as ISO text', () => {
    expect(shown('2026-12-10')).toBe('2026/12/10');
    expect(shown('2026-12-08T22:30:00Z')).toMatch(/^2026\/12\/0[89] \d{2}:\d{2} /);
    expect(shown('Dates and figs')).toBe('Dates and figs');
    expect(shown(null)).toBe('-');
  });
});
