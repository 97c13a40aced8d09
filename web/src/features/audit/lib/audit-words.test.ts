import { describe, expect, it } from 'vitest';
import english from '@/i18n/locales/en/audit.json';
import persian from '@/i18n/locales/fa/audit.json';
import { what } from '../../../../../contract/audit-words.json';
import { withoutNumber } from './audit-words';

describe("the audit's words shared with the server's trail", () => {
  it("names a record's kind in an event's words as the log's kinds do, in either language", () => {
    // The trail says an account's event "Account: opened"; the log's kind filter says "Account": one name.
    const kinds = { en: english.kinds, fa: persian.kinds } as Record<'en' | 'fa', Record<string, string>>;
    for (const [key, said] of Object.entries(what)) {
      const kind = key.split('.')[0]!;
      for (const language of ['en', 'fa'] as const) {
        const [named, rest] = said[language].split(': ');
        if (rest === undefined) continue;
        expect([key, language, named]).toEqual([key, language, kinds[language][kind]]);
      }
    }
  });

  it("leaves out an amendment's number and the ezafe that tied it to its noun, and nothing else", () => {
    expect(withoutNumber('اصلاحیهٔ {number} پذیرفته شد')).toBe('اصلاحیه پذیرفته شد');
    expect(withoutNumber('سفر دریایی برای برنامهٔ تخمینی تعیین شد')).toBe('سفر دریایی برای برنامهٔ تخمینی تعیین شد');
    expect(withoutNumber('Amendment {number} approved')).toBe('Amendment approved');
  });
});
