/**
 * Validation messages from the one catalogue the server reads too (contract/validation-messages.json, loaded by
 * domain/shared/messages.py): one wording per rule, so a form and the server's 400 never say it differently.
 * Keys are checked by tsc against the file; `{name}` placeholders are filled from `values`.
 */
import catalogue from '../../../contract/validation-messages.json';

export type MessageKey = keyof typeof catalogue;

export function message(key: MessageKey, values: Readonly<Record<string, string | number>> = {}): string {
  return catalogue[key].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}
