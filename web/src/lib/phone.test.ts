// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normaliseMobile } from './phone';

// The same examples as the server's tests (tests/unit/test_one_phone_rule.py).
describe('normaliseMobile', () => {
  it.each(['+98 912 345 6789', '0912 345 6789', '0098-912-345-6789', '912 345 6789', '09123456789'])(
    'keeps %s as 09 and nine digits',
    (typed) => expect(normaliseMobile(typed)).toBe('09123456789'),
  );
  // A Persian or an Arabic phone keyboard types its own digits (record 3001).
  it.each(['۰۹۱۲۳۴۵۶۷۸۹', '+۹۸ ۹۱۲ ۳۴۵ ۶۷۸۹', '٠٩١٢٣٤٥٦٧٨٩'])('reads %s as 09123456789', (typed) =>
    expect(normaliseMobile(typed)).toBe('09123456789'),
  );
  it.each(['+49 40 3008 1234', '0912 34', 'call me'])('gives %s back as typed', (typed) =>
    expect(normaliseMobile(typed)).toBe(typed),
  );
});
