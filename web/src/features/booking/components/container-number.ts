/**
 * ISO 6346 container numbers: owner code (3 letters), category (U, J or Z), six-digit serial and a check
 * digit. People type them as they read them off a box or a paper ("bmou 006195-0"); the form takes any
 * spacing or case and checks the digit before asking the server.
 */

import { i18next } from '@/i18n';
import { localDigits } from '@/lib/format';

/** Letter values skip the multiples of 11 (A=10, B=12 ... K=21, L=23 ... U=32, V=34 ...). */
function letterValue(letter: string): number {
  let value = 10;
  for (let code = 65; code < letter.charCodeAt(0); code += 1) {
    value += 1;
    if (value % 11 === 0) value += 1;
  }
  return value;
}

/** Upper case, no spaces, dashes, dots or slashes. */
export function normalizeContainerNumber(typed: string): string {
  return typed.toUpperCase().replace(/[\s\-./]/g, '');
}

export function checkDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const ch = first10[i];
    const value = /[A-Z]/.test(ch) ? letterValue(ch) : Number(ch);
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** The reason a typed number is not a container number, or null when it is one. */
export function containerNumberProblem(typed: string): string | null {
  const n = normalizeContainerNumber(typed);
  if (!/^[A-Z]{3}[UJZ]\d{7}$/.test(n)) return i18next.t('booking:containerDialog.notANumber');
  const expected = checkDigit(n.slice(0, 10));
  if (Number(n[10]) === expected) return null;
  // The number is a code (Latin); the digits said about it are the language's.
  return i18next.t('booking:containerDialog.checkDigit', {
    first: n.slice(0, 10),
    expected: localDigits(String(expected)),
    given: localDigits(n[10]),
  });
}
