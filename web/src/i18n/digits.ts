const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** Latin digits written as Persian ones; everything else as it is. */
/** What a person typed, with Persian or Arabic-Indic digits read as Latin ones (inputs accept both). */
export function latinDigits(text: string): string {
  return text
    .replace(/[۰-۹]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
}

export function persianDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => PERSIAN_DIGITS[Number(digit)] ?? digit);
}
