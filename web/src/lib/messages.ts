/**
 * Validation messages from the one catalogue the server reads too (contract/validation-messages.json, loaded by
 * domain/shared/messages.py): one wording per rule, so a form and the server's 400 never say it differently.
 * Keys are checked by tsc against the file; `{name}` placeholders are filled from `values`.
 */
import catalogue from '../../../contract/validation-messages.json';
import persian from '../../../contract/validation-messages.fa.json';
import { currentLanguage } from '@/i18n';
import type { Language } from '@/i18n';
import { persianDigits } from '@/i18n/digits';

export type MessageKey = keyof typeof catalogue;

/**
 * The catalogue per language: the one place a language's file is added (the Persian file has the same keys).
 * A language without a file here, or a key its file lacks, reads the English wording.
 */
const BY_LANGUAGE: Partial<Record<Language, Partial<Record<MessageKey, string>>>> = { en: catalogue, fa: persian };

/**
 * A value put into a sentence, as the app's other sentences write it (the i18n interpolator): a number in the
 * sentence's digits ("۱۰ نویسه" in Persian, record 3882); text (a code, an example to type) as it is.
 */
function filled(value: string | number, language: Language): string {
  return typeof value === 'number' && language === 'fa' ? persianDigits(String(value)) : String(value);
}

export function message(
  key: MessageKey,
  values: Readonly<Record<string, string | number>> = {},
  language: Language = currentLanguage(),
): string {
  const text = BY_LANGUAGE[language]?.[key] ?? catalogue[key];
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? filled(values[name] as string | number, language) : placeholder,
  );
}

/** A form rule's wording for zod (`.min(1, said('common.required'))`): read when the rule fails, in the
 * language the reader has then, not once when the schema is built (a form's module is loaded once, and the
 * reader may switch language after). */
export function said(key: MessageKey, values: Readonly<Record<string, string | number>> = {}): { error: () => string } {
  return { error: () => message(key, values) };
}
