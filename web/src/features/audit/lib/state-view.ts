/**
 * An aggregate's rebuilt state laid out for reading: the lifecycle state by its label, the fields a
 * kind is about first (a rate request's price, validity and details), the rest after, bookkeeping last.
 */
import { label as stateWords, MACHINE_IDS } from '@/lib/lifecycle';
import type { MachineId } from '@/lib/lifecycle';
import { EMPTY_VALUE, formatValue, isSecretField, labelOf } from './fold';
import type { ValueNames } from './fold';
import { formatMoment, formatMoney } from '@/lib/format';

export interface StateField {
  key: string;
  label: string;
  /** Display text ('—' when empty); for a nested object see `fields`. */
  value: string;
  /** The fields of a nested object (a rate request's details, a profile), when it has any. */
  fields?: StateField[];
}

export interface StateLayout {
  /** Lifecycle state name (e.g. quoted) when the aggregate has one. */
  stateName?: string;
  /** The state's label from state-machines/*.json ('' when the machine lacks the name). */
  stateLabel?: string;
  main: StateField[];
  /** Aggregate id, version and references, shown last. */
  bookkeeping: StateField[];
}

/** RateRequest -> rate_request, ProfileEditRequest -> profile_edit_request (the log's kind names). */
export function kindFromClassName(name: string): string {
  return name.replace(/(?<!^)(?=[A-Z])/g, '_').toLowerCase();
}

export function machineOf(kind: string): MachineId | undefined {
  return (MACHINE_IDS as readonly string[]).includes(kind) ? (kind as MachineId) : undefined;
}

const BOOKKEEPING = new Set(['id', 'version', 'customer_id', 'account_id', 'owner_id']);

/** Fields a kind shows first, in this order, when present. */
const LEADING: Record<string, readonly string[]> = {
  rate_request: [
    'price',
    'valid_until',
    'customer_username',
    'revision_message',
    'rejection_message',
    'details',
    'booking_documents',
  ],
  account: ['username', 'account_type', 'roles', 'password_hash', 'profile'],
};

/** An ISO instant in the browser's zone with the UTC text beside it, e.g. "21 Nov 2026, 23:30 (…Z)". */
function formatInstant(value: unknown): string {
  if (typeof value !== 'string' || value === '') return EMPTY_VALUE;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatMoment(value, true);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `labelKind`: the record whose words name the field (a nested field's is its record's, not its value's). */
function toField(key: string, value: unknown, kind: string, names?: ValueNames, labelKind = kind): StateField {
  const label = labelOf(key, names, labelKind);
  if (kind === 'rate_request' && key === 'price')
    return { key, label, value: formatMoney(value as number | string | null) };
  // A moment with its time; a day alone (a preferred shipping date) reads as a day, below.
  if (/(_until|_at|_date)$/.test(key) && typeof value === 'string' && value.includes('T')) {
    return { key, label, value: formatInstant(value) };
  }
  if (isPlainObject(value) && !isSecretField(key) && Object.keys(value).length > 0) {
    return {
      key,
      label,
      value: '',
      fields: Object.keys(value).map((inner) => toField(inner, value[inner], '', names, labelKind)),
    };
  }
  return { key, label, value: formatValue(value, key, kind || undefined, names) };
}

/** `names`: the server's words for the record's ids, codes and fields (its timeline's), where known. */
export function describeState(kind: string, state: Readonly<Record<string, unknown>>, names?: ValueNames): StateLayout {
  const machine = machineOf(kind);
  const stateName = machine && typeof state.state === 'string' ? state.state : undefined;
  // In the language shown, as the change table and the booking screens say it.
  const stateLabel = machine && stateName ? stateWords(machine, stateName) : undefined;
  const leading = LEADING[kind] ?? [];
  const rest = Object.keys(state)
    .filter((key) => !leading.includes(key) && !BOOKKEEPING.has(key) && !(stateName !== undefined && key === 'state'))
    .sort();
  const main = [...leading.filter((key) => key in state), ...rest].map((key) => toField(key, state[key], kind, names));
  const bookkeeping = [...BOOKKEEPING]
    .filter((key) => key in state)
    .map((key) => toField(key, state[key], kind, names));
  return { stateName, stateLabel, main, bookkeeping };
}
