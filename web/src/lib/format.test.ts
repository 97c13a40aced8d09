// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatAge, formatDate, formatMoment, formatMoney, formatTotal } from './format';

describe('money', () => {
  it('reads like money', () => {
    expect(formatMoney(3700)).toBe('$3,700.00');
    expect(formatMoney('1250.5')).toBe('$1,250.50');
    expect(formatMoney(null)).toBe('-');
  });
  it('totals the quantity', () => {
    expect(formatTotal(3700, 3)).toBe('$11,100.00');
    expect(formatTotal(null, 3)).toBe('-');
  });
});

describe('dates', () => {
  it('keeps a calendar day on its day whatever the zone', () => {
    expect(formatDate('2026-12-01')).toBe('2026/12/01');
    expect(formatDate('2026-12-01T23:59:59.999999Z')).toBe('2026/12/01');
    expect(formatDate(null)).toBe('-');
  });
  it('says the time in UTC', () => {
    expect(formatMoment('2026-12-01T14:05:00Z')).toBe('2026/12/01 14:05 UTC');
    expect(formatMoment('2026-12-01T14:05:09Z', true)).toBe('2026/12/01 14:05:09 UTC');
  });
  it('counts age in the largest unit', () => {
    const now = Date.parse('2026-12-04T12:00:00Z');
    expect(formatAge('2026-12-01T12:00:00Z', now)).toBe('3 days');
    expect(formatAge('2026-12-04T11:00:00Z', now)).toBe('1 hour');
    expect(formatAge('2026-12-04T11:58:00Z', now)).toBe('2 minutes');
    expect(formatAge('2026-12-04T11:59:30Z', now)).toBe('under a minute');
  });
});
