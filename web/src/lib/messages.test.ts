// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { message } from './messages';

const onDisk = JSON.parse(
  readFileSync(new URL('../../../contract/validation-messages.json', import.meta.url), 'utf8'),
) as Record<string, string>;

describe('validation message catalogue', () => {
  it('gives the wording the server reads from the same file', () => {
    expect(message('booking.quantity.min')).toBe(onDisk['booking.quantity.min']);
    expect(message('common.required')).toBe(onDisk['common.required']);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(message('common.text.max', { max: 200 })).toBe(onDisk['common.text.max'].replace('{max}', '200'));
    expect(message('common.text.max')).toContain('{max}');
    expect(message('common.text.max', {}, 'fa')).toContain('{max}');
  });

  it('writes a number in Persian digits in a Persian sentence, as the rest of the app (record 3882)', () => {
    expect(message('common.text.max', { max: 35 }, 'fa')).toBe('متن باید حداکثر ۳۵ نویسه باشد');
    expect(message('schedules.calls.vessel', { max: 500, sent: 1200 }, 'fa')).toBe(
      'حداکثر ۵۰۰ توقف در برنامهٔ هر کشتی (۱۲۰۰ فرستاده شد)',
    );
    // English keeps its Latin digits.
    expect(message('common.text.max', { max: 35 }, 'en')).toBe('String must contain at most 35 character(s)');
  });

  it('keeps text it fills as it is: a code or an example to type is not rewritten', () => {
    expect(message('common.locode.invalid', { code: 'DE123' }, 'fa')).toBe('DE123 کد UN/LOCODE نیست');
    // The catalogue's own format examples stay as they are typed.
    expect(message('common.moment.window', {}, 'fa')).toContain('1970-01-01');
  });
});
