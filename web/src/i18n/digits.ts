const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** Latin digits written as Persian ones; everything else as it is. */
export function persianDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => PERSIAN_DIGITS[Number(digit)] ?? digit);
}
