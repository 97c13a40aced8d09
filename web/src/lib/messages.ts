/**
 * Validation messages from the one catalogue the server reads too (contract/validation-messages.json, loaded by
 * domain/shared/messages.py): one wording per rule, so a form and the server's 400 never say it differently.
 * Keys are checked by tsc against the file; `{name}` placeholders are filled from `values`.
 */
import catalogue from '../../../contract/validation-messages.json';
import persian from '../../../contract/validation-messages.fa.json';
import { currentLanguage } from '@/i18n';
import type { Language } from '@/i18n';

export type MessageKey = keyof typeof catalogue;

/**
 * The catalogue per language: the one place a language's file is added (the Persian file has the same keys).
 * A language without a file here, or a key its file lacks, reads the English wording.
 */
const BY_LANGUAGE: Partial<Record<Language, Partial<Record<MessageKey, string>>>> = { en: catalogue, fa: persian };

export function message(
  key: MessageKey,
  values: Readonly<Record<string, string | number>> = {},
  language: Language = currentLanguage(),
): string {
  const text = BY_LANGUAGE[language]?.[key] ?? catalogue[key];
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

/** A form rule's wording for zod (`.min(1, said('common.required'))`): read when the rule fails, in the
 * language the reader has then, not once when the schema is built (a form's module is loaded once, and the
 * reader may switch language after). */
export function said(key: MessageKey, values: Readonly<Record<string, string | number>> = {}): { error: () => string } {
  return { error: () => message(key, values) };
}
