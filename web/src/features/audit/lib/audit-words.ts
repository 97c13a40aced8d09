/**
 * The audit's words that the server's trail says too, read from the one catalogue both sides use
 * (contract/audit-words.json; api/presenters/audit_trail.py): what an event says happened, who acted (a role,
 * a colleague's team role, "someone"), a value not set. A staff action's event is named by its row in
 * contract/staff-actions.json (`trail`, `trailFa`), as the server names it. Only the sections named here are
 * imported, so the trail's other words (states, tracking codes, value words) stay out of the bundle.
 */
import { currentLanguage } from '@/i18n';
import type { Language } from '@/i18n';
import { localDigits } from '@/lib/format';
import { parts, roles, what, words } from '../../../../../contract/audit-words.json';
import { actions } from '../../../../../contract/staff-actions.json';

type Said = Record<Language, string>;

/** RateRequest.Quoted -> rate_request.Quoted (the log's kind names, as the catalogue keys its events). */
function logKey(event: string): string {
  const [aggregate = '', type = ''] = event.split('.');
  return `${aggregate.replace(/(?<!^)(?=[A-Z])/g, '_').toLowerCase()}.${type}`;
}

const WHAT: Record<string, Said> = {
  ...(what as Record<string, Said>),
  ...Object.fromEntries(actions.map((row) => [logKey(row.event), { en: row.trail, fa: row.trailFa }])),
};
const PARTS: Record<string, Said> = parts;
const ROLES: Record<string, Said> = roles;
const WORDS: Record<string, Said> = words;

/**
 * An event's words without its amendment's number: the slot goes, and with it the Persian ezafe that tied the
 * noun to the number (اصلاحیهٔ {number} درخواست شد -> اصلاحیه درخواست شد, not a dangling اصلاحیهٔ).
 */
export function withoutNumber(text: string): string {
  return text.replace(/\u0654? \{number\}/, '');
}

function fill(template: string, slots: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) => slots[name] ?? slot);
}

/**
 * What an event of this kind and type says happened, as the trail says it; undefined for one it lacks. An
 * amendment's event carries its number in its changes (`number`): said in the language's digits, as the
 * server's trail says it (api/presenters/audit_trail.py `what`); an event without one reads without it.
 */
export function whatHappened(
  aggregateKind: string,
  type: string,
  language = currentLanguage(),
  number?: unknown,
): string | undefined {
  const said = WHAT[`${aggregateKind}.${type}`];
  if (!said) return undefined;
  return Number.isInteger(number)
    ? fill(said[language], { number: localDigits(String(number), language) })
    : withoutNumber(said[language]);
}

/** What stands between a value's items (`; `) or a record's fields (`, `), as the server's trail writes them. */
export function separator(between: 'items' | 'fields', language = currentLanguage()): string {
  return WORDS[`${between}_separator`]![language];
}

/** An event the catalogue lacks: its type's words after its part ("Shipping order: something new"). */
export function otherEvent(part: string, typeWords: string, language = currentLanguage()): string {
  return fill(WORDS.other![language], { part, words: typeWords });
}

/** The part of a booking an event belongs to (a rate request's event is the booking's), if it is one. */
export function partWords(aggregateKind: string, language = currentLanguage()): string | undefined {
  return PARTS[aggregateKind]?.[language];
}

/** Whether a record is a part of a booking (its fields are named by the booking's labels, as the trail's). */
export function isBookingPart(aggregateKind: string | undefined): boolean {
  return aggregateKind !== undefined && aggregateKind in PARTS;
}

/** Who acted, by role, as the trail says it (an admin acts as staff); undefined for a role it lacks. */
export function roleWords(role: string, language = currentLanguage()): string | undefined {
  return ROLES[role]?.[language];
}

/** A company colleague's role in its team (owner, booker, viewer). */
export function teamRoleWords(role: string, language = currentLanguage()): string | undefined {
  return WORDS[`team_${role}`]?.[language];
}

/** Someone whose name is not known. */
export function someoneWords(language = currentLanguage()): string {
  return WORDS.someone![language];
}

/** A value that was not set. */
export function notSetWords(language = currentLanguage()): string {
  return WORDS.not_set![language];
}

/**
 * What follows a colleague's name: his team role and company, "(booker, {company})" — the catalogue's
 * `member` after its `{name}`, so the name and the company can each be drawn isolated around it.
 */
export function memberAfterName(role: string, language = currentLanguage()): string {
  const template = WORDS.member![language];
  return fill(template.slice(template.indexOf('{name}') + '{name}'.length), { role }).trim();
}
