// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { formatShare, formatWait, weekLabel } from './quoting';

describe('quoting figures', () => {
  it('words shares and waits as the overview shows them', () => {
    expect(formatShare(1 / 3)).toBe('33%');
    expect(formatShare(null)).toBe('-');
    // A share that rounds to none or to all without being so says so: 1 instant quote in 300 is not 0%.
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(1 / 300)).toBe('under 1%');
    expect(formatShare(299 / 300)).toBe('over 99%');
    expect(formatShare(1)).toBe('100%');
    // A wait under a second is said as one, not as "instant" (the tariff's quotes), which staff's are not.
    expect(formatWait(0.0004)).toBe('under 1 s');
    expect(formatWait(42)).toBe('42 s');
    expect(formatWait(1800)).toBe('30 min');
    expect(formatWait(5400)).toBe('1.5 h');
    expect(formatWait(3 * 86400)).toBe('3.0 days');
    expect(formatWait(null)).toBe('-');
    expect(weekLabel('2026-11-23')).toBe('2026/11/23');
  });

  it('writes a fraction of hours or days in Persian with the Persian decimal separator, not isolated', async () => {
    await setLanguage('fa');
    try {
      // `۵٫۵` (U+066B), not `۵.۵` with a Latin full stop, nor wrapped in isolates as if it were Latin text.
      expect(formatWait(5.5 * 3600)).toBe('۵٫۵ ساعت');
      expect(formatWait(9 * 3600)).toBe('۹٫۰ ساعت');
      expect(formatWait(3 * 86400)).toBe('۳٫۰ روز');
      expect(formatWait(42)).toBe('۴۲ ثانیه');
    } finally {
      await setLanguage('en');
    }
  });
});
