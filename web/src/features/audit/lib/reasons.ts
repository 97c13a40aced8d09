/**
 * A reason the system gave for what it recorded, in the reader's language. Events store their reasons in
 * English, worded from `contract/audit-reasons.json` (the server's `domain/shared/reasons.py` reads the same
 * file); a stored reason is known by its English template. Words a person typed match none and stay as typed.
 */
import type { Language } from '@/i18n';
import { persianDigits } from '@/i18n/digits';
import catalogue from '../../../../../contract/audit-reasons.json';

export interface Reason {
  en: string;
  fa: string;
  /** A slot that holds "<number> <noun>": the noun in the other language. */
  counted?: Record<string, string>;
}

export const REASONS = catalogue.reasons as Record<string, Reason>;
/** A slot's listed values and their words (a team role, a link's purpose), wherever a slot of that name is. */
export const SLOT_VALUES: Record<string, Record<string, string>> = catalogue.slots;
const SLOT = /\{(\w+)\}/g;

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The English template as a pattern; a slot with listed values matches only those, a counted one only
 * "<number> <noun>" (so "password set with a reset link" is not a link "set with a reset").
 */
function pattern(reason: Reason): RegExp {
  const slot = (name: string): string => {
    const listed = SLOT_VALUES[name];
    if (listed !== undefined) return `(?<${name}>${Object.keys(listed).map(escaped).join('|')})`;
    return reason.counted?.[name] !== undefined ? `(?<${name}>\\d+ [a-z]+)` : `(?<${name}>[\\s\\S]+?)`;
  };
  // split() alternates literal text and slot names: escape the one, capture the other.
  const body = reason.en
    .split(SLOT)
    .map((part, i) => (i % 2 === 0 ? escaped(part) : slot(part)))
    .join('');
  return new RegExp(`^${body}$`);
}

const PATTERNS: [RegExp, Reason][] = Object.values(REASONS).map((reason) => [pattern(reason), reason]);

function slotIn(reason: Reason, slot: string, value: string): string {
  const named = SLOT_VALUES[slot]?.[value];
  if (named !== undefined) return named;
  const noun = reason.counted?.[slot];
  if (noun !== undefined) return `${persianDigits(value.split(' ')[0] ?? value)} ${noun}`;
  // A number is written in the reader's digits; a person's words stay as they were typed.
  return /^\d+$/.test(value) ? persianDigits(value) : value;
}

/** A stored reason in `language`: the system's own reasons translated, anything else as stored. */
export function reasonIn(text: string, language: Language): string {
  if (language === 'en') return text;
  for (const [found, reason] of PATTERNS) {
    const match = found.exec(text);
    if (match === null) continue;
    const slots = match.groups ?? {};
    return reason[language].replace(SLOT, (_, slot: string) => slotIn(reason, slot, slots[slot] ?? ''));
  }
  return text;
}
