import { describe, expect, it } from 'vitest';
import { REASONS, SLOT_VALUES, reasonIn } from './reasons';
import type { Reason } from './reasons';

const LATIN = /[A-Za-z]/;
const TYPED = 'GDPR art. 17 request';

/** The stored English of a reason, its slots filled as the domain fills them. */
function stored(reason: Reason): string {
  return reason.en.replace(/\{(\w+)\}/g, (_, slot: string) => {
    const listed = SLOT_VALUES[slot];
    if (listed !== undefined) return Object.keys(listed)[0] ?? '';
    if (reason.counted?.[slot] !== undefined) return '3 rows';
    return slot === 'reason' ? TYPED : '24';
  });
}

describe('a stored reason in Persian', () => {
  it.each(Object.entries(REASONS))('%s reads in Persian words, its values said', (_, reason) => {
    const persian = reasonIn(stored(reason), 'fa');
    expect(LATIN.test(persian.replace(TYPED, ''))).toBe(false);
    for (const [slot, listed] of Object.entries(SLOT_VALUES).filter(([slot]) => reason.en.includes(`{${slot}}`))) {
      const first = Object.keys(listed)[0] ?? '';
      expect(persian, slot).toContain(listed[first]);
    }
    expect(reasonIn(stored(reason), 'en')).toBe(stored(reason));
  });

  it('reads a reason of every shape as the server does', () => {
    expect(reasonIn('password reset link', 'fa')).toBe('پیوند بازنشانی رمز عبور');
    expect(reasonIn('invited as booker', 'fa')).toBe('با نقش رزروکننده دعوت شد');
    expect(reasonIn('tariff version 12: 1 row, 40 lanes', 'fa')).toBe('نسخهٔ ۱۲ تعرفه: ۱ ردیف، ۴۰ مسیر');
    expect(reasonIn('shipping instructions due in 24 h', 'fa')).toBe('مهلت دستورالعمل حمل تا ۲۴ ساعت دیگر');
    expect(reasonIn('shipping instructions due in 5 min', 'fa')).toBe('مهلت دستورالعمل حمل تا ۵ دقیقهٔ دیگر');
    expect(reasonIn(`erased with the company's personal data (${TYPED})`, 'fa')).toBe(
      `همراه با داده‌های شخصی شرکت پاک شد (${TYPED})`,
    );
  });

  it("leaves a person's words as typed, even when they begin like a reason", () => {
    for (const typed of ['Customer asked by phone', 'phone verified twice', 'password set with a reset link!']) {
      expect(reasonIn(typed, 'fa')).toBe(typed);
    }
    // A listed slot takes only its values: this is the reset link's own reason, not a link "set with a reset".
    expect(reasonIn('password set with a reset link', 'fa')).toBe('رمز عبور با پیوند بازنشانی تعیین شد');
  });
});
