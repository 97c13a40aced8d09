/**
 * "Before" and "after" of every event of one aggregate. The log stores only what each event carried
 * (`changes`), so the value a field had before an event is what the latest earlier event of the same
 * aggregate set it to. Folding the events oldest first gives every entry its before/after pairs.
 */
import { formatCount, formatDate, formatMoment, formatMoney, yesNo } from '@/lib/format';
import { label as stateLabel, MACHINE_IDS } from '@/lib/lifecycle';
import type { MachineId } from '@/lib/lifecycle';
import type { AuditEvent } from '../api/audit-api';
import { currentLanguage, i18next } from '@/i18n';
import { namedFieldLabel } from '@/lib/field-words';
import type { FieldArea } from '@/lib/field-words';
import { isBookingPart, separator } from './audit-words';
import { SLOT_VALUES } from './reasons';
import { personWords } from '@/lib/people';
import { roleLabel, teamRoleLabel } from '../components/role-badge';
import { basis, chargeName } from '@/components/charges';
import { cutOffName } from '@/components/sailing/sailing-facts';

export interface FieldChange {
  field: string;
  /** The value before this event; undefined when no earlier event set the field. */
  before: unknown;
  after: unknown;
  /** Whether an earlier event set the field at all. */
  hadBefore: boolean;
  /** The event repeated the value the field already had. */
  unchanged: boolean;
}

export interface TimelineEntry {
  event: AuditEvent;
  /** The aggregate's first event: its changes are the initial values. */
  initial: boolean;
  changes: FieldChange[];
  /** Every field as it stood after this event (the fold so far). */
  values: Readonly<Record<string, unknown>>;
}

/** Structural equality for JSON values (what `changes` holds). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(right, key) && sameValue(left[key], right[key]));
}

/**
 * The timeline entries oldest first (by version, then position). Events of other aggregates in the input
 * are ignored, so a caller may pass a mixed list together with the aggregate it wants.
 */
export function foldTimeline(events: readonly AuditEvent[], aggregateId?: string): TimelineEntry[] {
  const own = aggregateId === undefined ? [...events] : events.filter((e) => e.aggregateId === aggregateId);
  own.sort((a, b) => a.version - b.version || a.position - b.position);
  let values: Record<string, unknown> = {};
  return own.map((event, index) => {
    const changes = Object.keys(event.changes)
      .sort()
      .map((field): FieldChange => {
        const hadBefore = Object.prototype.hasOwnProperty.call(values, field);
        const before = hadBefore ? values[field] : undefined;
        const after = event.changes[field];
        return { field, before, after, hadBefore, unchanged: hadBefore && sameValue(before, after) };
      });
    values = { ...values, ...event.changes };
    return { event, initial: index === 0, changes, values };
  });
}

export type TimelineOrder = 'oldest' | 'newest';

/** The entries in display order; the fold itself always runs oldest first. */
export function orderEntries(entries: readonly TimelineEntry[], order: TimelineOrder): TimelineEntry[] {
  return order === 'oldest' ? [...entries] : [...entries].reverse();
}

/** Fields whose values are secrets' digests: shown as set or empty, never printed. */
export function isSecretField(field: string): boolean {
  return /(^|_)(password|token|secret)(_hash)?$|_hash$/i.test(field);
}

// A person's records, whose fields the profile's labels name (as api/presenters/audit_trail.py `_AREA_OF_KIND`).
const PERSON_KINDS: ReadonlySet<string> = new Set(['registration', 'account', 'profile_edit_request']);

/** The catalogue areas naming a record's fields, the first that names a field saying it. An account's `name`
 * is a company's only on a company's own login, which its record tells apart on the server (its timeline's
 * `fieldLabels`); the kind alone does not, so it reads the `person` area's neutral word first. */
function areasOf(kind: string | undefined): FieldArea[] {
  if (isBookingPart(kind)) return ['booking'];
  if (kind === 'account') return ['person', 'profile'];
  return kind !== undefined && PERSON_KINDS.has(kind) ? ['profile'] : [];
}

/**
 * A field's label, one catalogue per word: a booking's and a person's fields in their record's words from
 * contract/field-labels.json, as the server's trail and timeline say them (`quantity`: Number of containers);
 * any other record's in the audit screens' own words (`fields`: what the contract lacks, or says otherwise, a
 * team's `name`), else the contract's (a person's field before a booking's: an `email` is an address, not
 * a reminder's "E-mailed to"); any other field as its name split into words (password_hash -> Password hash).
 */
export function fieldLabel(field: string, kind?: string): string {
  const language = currentLanguage();
  const own = areasOf(kind)
    .map((area) => namedFieldLabel(field, area, language))
    .find(Boolean);
  if (own) return own;
  const named =
    i18next.t(`fields.${field}` as 'fields.state', { ns: 'audit', defaultValue: '' }) ||
    namedFieldLabel(field, 'profile', language) ||
    namedFieldLabel(field, 'booking', language);
  if (named) return named;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : field;
}

export const EMPTY_VALUE = '—';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A value that is only an internal id (a UUID): said as such, never printed. */
export function isInternalId(value: unknown): boolean {
  return typeof value === 'string' && UUID.test(value);
}

export const INTERNAL_ID = 'internal reference';

function isMachine(kind: string | undefined): kind is MachineId {
  return kind !== undefined && (MACHINE_IDS as readonly string[]).includes(kind);
}

/** One line of text for a value: empty for null/undefined/''; lists and objects in words, never as JSON
 * ("Name: Consignee Co, Party type: 1; Name: …"). */
/** The server's words for a record's values (`AggregateEvents`): ids and codes by field and value as text
 * (`valueNames`), and each field's label (`fieldLabels`), as the booking's trail says them. */
export interface ValueNames {
  values?: Record<string, Record<string, string>>;
  labels?: Record<string, string>;
}

/** A field's label: the server's where it gave one, else its record's (`kind`) words. */
export function labelOf(field: string, names?: ValueNames, kind?: string): string {
  return names?.labels?.[field] ?? fieldLabel(field, kind);
}

interface StoredCharge {
  code: string;
  name: string;
  amount: number | string;
  per: 'container' | 'booking';
}

function isStoredCharge(item: unknown): item is StoredCharge {
  if (typeof item !== 'object' || item === null) return false;
  const charge = item as Record<string, unknown>;
  return typeof charge.code === 'string' && typeof charge.name === 'string' && charge.amount !== undefined;
}

export function formatValue(value: unknown, field?: string, kind?: string, names?: ValueNames): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (field !== undefined && isSecretField(field)) return i18next.t('changeTable.hidden', { ns: 'audit' });
  // An id or a code the server named (a port's id as "Hamburg (DEHAM)", a freight type's as "Collect").
  const named =
    field !== undefined && !Array.isArray(value) && typeof value !== 'object'
      ? names?.values?.[field]?.[String(value)]
      : undefined;
  if (named !== undefined) return named;
  // A state by its machine's label (loi_pending -> Booking Request); an id is not printed.
  if (field === 'state' && typeof value === 'string' && isMachine(kind)) return stateLabel(kind, value) || value;
  // A quote's charges as the booking screens say them: "Ocean freight $1,250.50 per container".
  if (field === 'charges' && Array.isArray(value) && value.every(isStoredCharge))
    return value
      .map((charge) => `${chargeName(charge)} ${formatMoney(charge.amount)} ${basis(charge)}`)
      .join(separator('items'));
  // A sailing's cut-off by what it closes, as the sailing facts say it.
  if (field === 'code' && typeof value === 'string' && /^[A-Z]{3}$/.test(value))
    return cutOffName({ code: value, name: value });
  // An account's roles and a team member's role by their names; an account's admin right is named as such
  // (who acted with it is said as staff, as the trail says it).
  if (field === 'roles' && kind === 'account' && typeof value === 'string')
    return value === 'admin' ? i18next.t('adminRole', { ns: 'audit' }) : roleLabel(value);
  if (field === 'role' && kind === 'team' && typeof value === 'string') {
    const role = teamRoleLabel(value);
    return role.charAt(0).toUpperCase() + role.slice(1);
  }
  // A password link's purpose in the words the system's reasons give it (another kind's `role` is no team's).
  const purpose = field === 'purpose' && typeof value === 'string' ? SLOT_VALUES.purpose?.[value] : undefined;
  if (purpose !== undefined && currentLanguage() === 'fa') return purpose;
  if (isInternalId(value)) return INTERNAL_ID;
  if (typeof value === 'boolean') return yesNo(value);
  // Money and dates read as the booking screens show them.
  if (
    field !== undefined &&
    /(^|_)price$|^price/i.test(field) &&
    (typeof value === 'number' || typeof value === 'string')
  )
    return formatMoney(value);
  if (
    field !== undefined &&
    /(date|until)$/i.test(field) &&
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}/.test(value)
  )
    return formatDate(value);
  // Any other moment or day inside a record (a sailing's departure) reads as every screen writes one.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatMoment(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  // A number in the digits of the language shown; text (an id, a code, what someone typed) as it was stored.
  if (typeof value === 'number') return formatCount(value);
  if (typeof value === 'string') return personWords(value);
  if (typeof value === 'bigint') return String(value);
  if (Array.isArray(value) && value.length === 0) return EMPTY_VALUE;
  if (typeof value === 'object' && Object.keys(value).length === 0) return EMPTY_VALUE;
  if (Array.isArray(value)) return value.map((item) => formatValue(item, field, kind, names)).join(separator('items'));
  return (recordParts(value, kind, names) ?? []).map(([label, text]) => `${label}: ${text}`).join(separator('fields'));
}

/** A record's parts (a sign-up's details, a sailing) as [label, words], for a table of its own; null for a
 * value that is not a record. */
export function recordParts(value: unknown, kind?: string, names?: ValueNames): [string, string][] | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  return (
    Object.entries(record)
      // Ids and a code beside its name add nothing a person reads (a charge's `ocean_freight` by its name).
      .filter(([key, item]) => !isInternalId(item) && !(key === 'code' && 'name' in record))
      .map(([key, item]): [string, string] => [labelOf(key, names, kind), formatValue(item, key, kind, names)])
      .filter(([, text]) => text !== EMPTY_VALUE)
  );
}
