/**
 * The lifecycles of state-machines/*.json, the same files the Python domain loads with `transitions`.
 * They answer "may this trigger fire from this state for this actor, and where does it lead?" so the UI
 * offers exactly the actions the server will accept.
 *
 * Matching follows the server (domain/shared/lifecycle.py): a transition applies when its trigger, one of
 * its sources and its actor match and every guard it names is true in the given map (a missing guard is
 * false); the first such transition in file order wins.
 */
import bookingAmendmentJson from '../../../state-machines/booking_amendment.json';
import bookingCancellationJson from '../../../state-machines/booking_cancellation.json';
import notificationJson from '../../../state-machines/notification.json';
import profileEditRequestJson from '../../../state-machines/profile_edit_request.json';
import rateRequestJson from '../../../state-machines/rate_request.json';
import registrationJson from '../../../state-machines/registration.json';
import shippingOrderJson from '../../../state-machines/shipping_order.json';
import teamMemberJson from '../../../state-machines/team_member.json';
import { currentLanguage, i18next } from '@/i18n';
import type { Language } from '@/i18n';
import type { StateNameOf } from './state-names';

export const MACHINE_IDS = [
  'booking_amendment',
  'booking_cancellation',
  'notification',
  'profile_edit_request',
  'rate_request',
  'registration',
  'shipping_order',
  'team_member',
] as const;
export type MachineId = (typeof MACHINE_IDS)[number];

const ACTORS = ['customer', 'staff', 'system', 'visitor'] as const;
export type Actor = (typeof ACTORS)[number];

export type GuardMap = Readonly<Record<string, boolean>>;

export interface StateDef {
  readonly name: string;
  readonly code: number;
  readonly label: string;
  /** The same label in Persian (the server reads only `label`; the web shows this one in Persian). */
  readonly labelFa?: string;
  readonly final?: boolean;
  /** rate_request's facts (its `stateFacts` lists and describes them): the customer's screen and step. */
  readonly screen?: string;
  readonly step?: number | null;
  /** Who may still choose or change the booking's sailing (customer, staff). */
  readonly sailing?: readonly string[];
  /** The carrier has confirmed the booking. */
  readonly confirmed?: boolean;
  /** A confirmed booking under way: amendment and cancellation requests may be made. */
  readonly amendable?: boolean;
  readonly dcsa?: string | null;
  readonly dcsaUpdated?: string | null;
  readonly dcsaOnceConfirmed?: string | null;
  /** What the booking's open shipping order becomes when the booking comes here (cancelled, declined). */
  readonly orderClosedAs?: string | null;
  /** shipping_order's facts: the DCSA transport document status its order produced (DRAFT, APPROVED, ISSUED). */
  readonly dcsaUpdate?: string | null;
  readonly transportDocument?: string | null;
}

export interface TransitionDef {
  readonly trigger: string;
  readonly source: readonly string[];
  readonly dest: string;
  readonly actor: Actor;
  readonly guards?: readonly string[];
}

export interface MachineDef {
  readonly id: MachineId;
  readonly description: string;
  /** A pseudo-state ("new") before the first transition; it has no code and is not in `states`. */
  readonly initial: string;
  /** The facts every state declares (name: what it means); the loader refuses a state lacking one. */
  readonly stateFacts?: Readonly<Record<string, string>>;
  readonly states: readonly StateDef[];
  /** The machine's thing in Persian ("دستور حمل"), which the server's Persian refusals say (decision 3841). */
  readonly labelFa?: string;
  /** Each trigger's words, the act with the machine's thing as object ("withdraw the update of"), and their
   * Persian: the server's refusals say them (decision 3841); the server's loader refuses a trigger without them. */
  readonly triggers?: Readonly<Record<string, { readonly label: string; readonly labelFa?: string }>>;
  readonly transitions: readonly TransitionDef[];
}

function isActor(value: unknown): value is Actor {
  return typeof value === 'string' && (ACTORS as readonly string[]).includes(value);
}

/** Checks a file's shape once at load, so a malformed edit fails loudly instead of silently: among others,
 * every state declares every fact of the file's `stateFacts` (null is a declaration, absence is not), and the
 * error names the state and what it lacks. Exported for the tests that load a changed copy. */
export function defineMachine(expectedId: MachineId, raw: unknown): MachineDef {
  const fail = (why: string): never => {
    throw new Error(`state-machines/${expectedId}.json: ${why}`);
  };
  if (typeof raw !== 'object' || raw === null) return fail('not an object');
  const def = raw as Record<string, unknown>;
  if (def.id !== expectedId) fail(`id is ${String(def.id)}`);
  if (typeof def.initial !== 'string') fail('initial must be a string');
  if (!Array.isArray(def.states) || !Array.isArray(def.transitions)) fail('states and transitions must be arrays');
  const facts = def.stateFacts === undefined ? [] : Object.keys(def.stateFacts as object);
  const lacking: string[] = [];
  for (const state of def.states as unknown[]) {
    const s = state as Record<string, unknown>;
    if (typeof s.name !== 'string' || typeof s.code !== 'number' || typeof s.label !== 'string') {
      fail(`bad state ${JSON.stringify(state)}`);
    }
    const missing = facts.filter((fact) => !Object.hasOwn(s, fact));
    if (missing.length > 0) lacking.push(`state ${String(s.name)} does not declare ${missing.join(', ')}`);
  }
  if (lacking.length > 0) fail(lacking.join('; '));
  for (const transition of def.transitions as unknown[]) {
    const t = transition as Record<string, unknown>;
    const guardsOk =
      t.guards === undefined || (Array.isArray(t.guards) && t.guards.every((g) => typeof g === 'string'));
    if (
      typeof t.trigger !== 'string' ||
      !Array.isArray(t.source) ||
      !t.source.every((s) => typeof s === 'string') ||
      typeof t.dest !== 'string' ||
      !isActor(t.actor) ||
      !guardsOk
    ) {
      fail(`bad transition ${JSON.stringify(transition)}`);
    }
  }
  return raw as MachineDef;
}

export const machines: Readonly<Record<MachineId, MachineDef>> = {
  booking_amendment: defineMachine('booking_amendment', bookingAmendmentJson),
  booking_cancellation: defineMachine('booking_cancellation', bookingCancellationJson),
  notification: defineMachine('notification', notificationJson),
  profile_edit_request: defineMachine('profile_edit_request', profileEditRequestJson),
  rate_request: defineMachine('rate_request', rateRequestJson),
  registration: defineMachine('registration', registrationJson),
  shipping_order: defineMachine('shipping_order', shippingOrderJson),
  team_member: defineMachine('team_member', teamMemberJson),
};

/** State names in file order; with `includeInitial` the pseudo-state comes first (as in Python). */
export function stateNames(machineId: MachineId, options: { includeInitial?: boolean } = {}): string[] {
  const machine = machines[machineId];
  const names = machine.states.map((s) => s.name);
  return options.includeInitial ? [machine.initial, ...names] : names;
}

function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

/** Distinct triggers in file order. */
export function triggers(machineId: MachineId): string[] {
  return unique(machines[machineId].transitions.map((t) => t.trigger));
}

/** Distinct actors in file order. */
export function actors(machineId: MachineId): Actor[] {
  return unique(machines[machineId].transitions.map((t) => t.actor));
}

/** Every guard name the machine uses, in file order. */
export function guardNames(machineId: MachineId): string[] {
  return unique(machines[machineId].transitions.flatMap((t) => t.guards ?? []));
}

export function getState(machineId: MachineId, name: string): StateDef | undefined {
  return machines[machineId].states.find((s) => s.name === name);
}

/** Nobody may choose or change the sailing of a booking in this rate_request state any more (its `sailing` fact
 * is empty): what it sails on is settled, an estimate included. */
export function sailingSettled(name: string): boolean {
  return !getState('rate_request', name)?.sailing?.length;
}

/** All states that carry a numeric code (rate_request's requested and quoted share 0). */
export function statesByCode(machineId: MachineId, code: number): StateDef[] {
  return machines[machineId].states.filter((s) => s.code === code);
}

/**
 * The state a numeric code (what the API sends: rate request `state`, order `status`) stands for.
 * Where several states share the code, a price tells them apart: rate_request code 0 is `quoted` once a
 * price is set and `requested` before. Without a price the first declared state wins.
 *
 * No other machine has such a rule: a code its states share (shipping_order's 0, `submitted` and
 * `update_received`) throws, naming them, so a screen reads the state's name the API sends beside the code
 * (the order's `statusName`, a row's `orderStateName`) and never shows one of them as the other.
 */
export function stateByCode(machineId: MachineId, code: number, price?: number | null): StateDef | undefined {
  const candidates = statesByCode(machineId, code);
  if (candidates.length > 1 && machineId !== 'rate_request') {
    const names = candidates.map((s) => s.name).join(' and ');
    throw new Error(`state-machines/${machineId}.json: code ${code} stands for ${names}; read the state's name`);
  }
  if (candidates.length > 1 && price !== undefined && price !== null) {
    const quoted = candidates.find((s) => s.name === 'quoted');
    if (quoted) return quoted;
  }
  return candidates[0];
}

/** The distinct numeric codes of a machine's states in file order (what a state filter offers). */
export function stateCodes(machineId: MachineId): number[] {
  return unique(machines[machineId].states.map((s) => s.code));
}

/**
 * The name of the state a numeric code stands for (price as in `stateByCode`), '' for no code or an unknown
 * one. Screens compare and style by this name (a badge's `data-state`), never by the code.
 */
export function stateName(machineId: MachineId, code: number | null | undefined, price?: number | null): string {
  if (code === null || code === undefined) return '';
  return stateByCode(machineId, code, price)?.name ?? '';
}

/**
 * Whether a numeric code from the API stands for the state `name` (price as in `stateByCode`). `name` is typed
 * (state-names.ts) for the machines that have typed names, so a misspelt state fails tsc; one the machine does
 * not declare throws, so it fails loudly instead of never matching.
 */
export function isState<M extends MachineId>(
  machineId: M,
  code: number | null | undefined,
  name: StateNameOf<M>,
  price?: number | null,
): boolean {
  return stateName(machineId, code, price) === declared(machineId, name);
}

/** `name`, once the machine is known to declare it (a misspelt state throws instead of never matching). */
function declared(machineId: MachineId, name: string): string {
  if (!getState(machineId, name)) throw new Error(`state-machines/${machineId}.json has no state ${name}`);
  return name;
}

/** Whether the state named `state` (as the API sends it: an order's `statusName`, a row's `orderStateName`;
 * null or undefined for none) is the state `name`; `name` is typed and checked as in `isState`. */
export function isNamed<M extends MachineId>(
  machineId: M,
  state: string | null | undefined,
  name: StateNameOf<M>,
): boolean {
  return state === declared(machineId, name);
}

/** The display label of a state given by name or numeric code ('' when the machine has no such state), in the
 * language shown now (`labelFa` in Persian, falling back to `label`); a code shared by several states is told
 * apart by the price as in `stateByCode` (quoted once priced). */
export function label(
  machineId: MachineId,
  state: string | number,
  price?: number | null,
  language: Language = currentLanguage(),
): string {
  const found = typeof state === 'number' ? stateByCode(machineId, state, price) : getState(machineId, state);
  if (!found) return '';
  return (language === 'fa' && found.labelFa) || found.label;
}

// States a customer brought about themselves, said to them as theirs (staff read the machine's label): the
// catalogue key of the words, read in the language shown now.
const CUSTOMER_WORDS: Partial<Record<MachineId, Readonly<Record<string, 'declinedByYou'>>>> = {
  rate_request: { rejected_by_client: 'declinedByYou' },
};

/** A state's label on the customer's own screens (`label`, except where the customer's own act is named). */
export function customerLabel(machineId: MachineId, state: string | number, price?: number | null): string {
  const name = typeof state === 'number' ? stateName(machineId, state, price) : state;
  const key = CUSTOMER_WORDS[machineId]?.[name];
  return key ? i18next.t(`common:states.${key}`) : label(machineId, state, price);
}

export function isFinal(machineId: MachineId, state: string): boolean {
  return getState(machineId, state)?.final === true;
}

/** The states, in file order, whose `fact` holds (true, or a non-empty list). */
export function statesWhere(machineId: MachineId, fact: keyof StateDef): string[] {
  return machines[machineId].states
    .filter((s) => {
      const value = s[fact];
      return Array.isArray(value) ? value.length > 0 : Boolean(value);
    })
    .map((s) => s.name);
}

function guardsHold(transition: TransitionDef, guards: GuardMap): boolean {
  return (transition.guards ?? []).every((name) => guards[name] === true);
}

function candidates(machineId: MachineId, state: string, trigger: string, actor: Actor): TransitionDef[] {
  return machines[machineId].transitions.filter(
    (t) => t.trigger === trigger && t.actor === actor && t.source.includes(state),
  );
}

/**
 * Where `trigger` leads from `state` for `actor`, or null when it may not fire. Every guard a transition
 * names must be true in `guards` (missing means false); the first matching transition in file order wins.
 */
export function nextState(
  machineId: MachineId,
  state: string,
  trigger: string,
  actor: Actor,
  guards: GuardMap = {},
): string | null {
  const match = candidates(machineId, state, trigger, actor).find((t) => guardsHold(t, guards));
  return match ? match.dest : null;
}

/**
 * Whether `actor` may fire `trigger` from `state`. Without `guards` only trigger, source and actor are
 * checked (the question a UI asks before it knows the guard facts); with `guards` they must hold too.
 */
export function can(machineId: MachineId, state: string, trigger: string, actor: Actor, guards?: GuardMap): boolean {
  if (guards === undefined) return candidates(machineId, state, trigger, actor).length > 0;
  return nextState(machineId, state, trigger, actor, guards) !== null;
}

/** The triggers `actor` may fire from `state`, in file order (guards as in `can`). */
export function allowedTriggers(machineId: MachineId, state: string, actor: Actor, guards?: GuardMap): string[] {
  return triggers(machineId).filter((trigger) => can(machineId, state, trigger, actor, guards));
}
