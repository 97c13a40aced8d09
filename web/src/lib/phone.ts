import { latinDigits } from '@/i18n/digits';

/**
 * One phone rule for every number a person types, at home or abroad ("09121234567", "+98 912 345 6789",
 * "+1 (212) 555-0100"): the server's PHONE_SOURCE (domain/shared/phone.py), word for word (a test compares them).
 */
export const PHONE_PATTERN = /^\+?\(?[0-9](?:[ ().-]{0,2}[0-9]){6,14}$/;

/** An Iranian mobile in its stored form: 09 and 9 digits (the server's MOBILE). */
export const MOBILE_PATTERN = /^09\d{9}$/;

/**
 * An Iranian mobile as people write it ("0912 345 6789", "+98 912 345 6789", "0098-912-345-6789", "912 345 6789")
 * in its stored form "09123456789", Persian or Arabic-Indic digits read as Latin (record 3001); anything else as
 * typed, for MOBILE_PATTERN to refuse. The server's
 * iranian_mobile (domain/shared/phone.py) does the same with the same examples in its tests.
 */
export function normaliseMobile(value: string): string {
  let digits = latinDigits(value)
    .trim()
    .replace(/[ ().-]/g, '');
  const prefix = ['+98', '0098'].find((p) => digits.startsWith(p));
  if (prefix) digits = `0${digits.slice(prefix.length)}`;
  else if (/^9\d{9}$/.test(digits)) digits = `0${digits}`;
  return MOBILE_PATTERN.test(digits) ? digits : latinDigits(value);
}
