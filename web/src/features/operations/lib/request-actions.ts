/**
 * Staff's steps on a rate request in the operations console, drawn from the one table the server
 * dispatches too (contract/staff-actions.json): a row's `console` gives the button, the dialog's words and
 * what staff are told once it is done; its `route` is the call. A new staff action is one row there; a
 * test checks every staff trigger of the machine has a row (or is offered elsewhere, as the table says).
 */
import type { ButtonVariant } from '@/components/ui/button';
import { currentLanguage } from '@/i18n';
import { api } from '@/lib/api-client';
import type { Answer } from '@/types/contract';
import table from '../../../../../contract/staff-actions.json';

export const ADMIN = '/booking/api/v1/admin';

// The admin detail, as the server's OpenAPI document declares it.
export type Detail = Answer<'booking_admin_rate_request_detail'>;

/** What staff said in the dialog: the reason (trimmed), the sailing chosen (a routing reference or ''), and
 * the booking's `updatedAt` as the dialog opened (a confirmation, a revision request or a rejection names it:
 * a change the customer made since is refused, decisions 3908 and 3910). */
export interface Said {
  message: string;
  routing: string;
  seenUpdatedAt?: string;
}

export interface RequestAction {
  /** The button's words and the dialog's title. */
  title: string;
  /** What staff are told once it is done, in words (a toast). */
  done: string;
  variant?: ButtonVariant;
  /** Offered only where this holds too (the lifecycle's `can` is asked first). */
  offered?: (detail: Detail) => boolean;
  /** Staff must say why (sent as the message; the dialog refuses an empty one). */
  reason?: boolean;
  /** Staff may set or change the booking's sailing in the same act. */
  choosesSailing?: boolean;
  /** What the dialog asks. */
  prompt?: (detail: Detail) => string;
  call: (detail: Detail, said: Said) => Promise<unknown>;
}

/** A row's `console.offered`: where, besides the lifecycle's `can`, its button is offered. */
export const OFFERED_WHEN: Record<string, (detail: Detail) => boolean> = {
  // A booking requested through the DCSA standard is firm: confirmed at the quoted price, no customer step.
  viaApi: (d) => d.viaApi,
  // DCSA use case 12: the carrier says a booking made through the standard is completed.
  viaApiWithoutOrder: (d) => d.viaApi && !d.order,
  bookingRequest: (d) => Boolean(d.bookingRequest),
};

interface Row {
  machine: string;
  trigger: string;
  route: string;
  body: { model: string; optional: boolean } | null;
  console: {
    title: string;
    done: string;
    variant: string;
    offered: string | null;
    reason: boolean;
    choosesSailing: boolean;
    prompt: string | null;
    /** The same words in Persian. */
    fa?: { title: string; done: string; prompt: string | null };
  } | null;
  elsewhere?: string;
}

const ROWS: Row[] = table.actions;

const fill = (words: string, d: Detail) => words.replace('{price}', String(d.price ?? ''));

function action(row: Row & { console: NonNullable<Row['console']> }): RequestAction {
  const { console: c } = row;
  const path = (d: Detail) => `${ADMIN}${row.route.replace('{id}', d.id)}`;
  const offered = c.offered === null ? undefined : OFFERED_WHEN[c.offered];
  if (c.offered !== null && !offered) throw new Error(`${row.trigger}: no such offered condition ${c.offered}`);
  const prompt = c.prompt;
  // The words in the language shown when they are read (the table is read once, the language may change).
  const words = () => (currentLanguage() === 'fa' && c.fa ? c.fa : c);
  return {
    get title() {
      return words().title;
    },
    get done() {
      return words().done;
    },
    variant: c.variant as ButtonVariant,
    offered,
    reason: c.reason,
    choosesSailing: c.choosesSailing,
    prompt: prompt === null ? undefined : (d) => fill(words().prompt ?? prompt, d),
    call: (d, said) => {
      // A step that takes a body names the booking as the dialog opened (none named: as it stands).
      const seen = row.body && said.seenUpdatedAt ? { seenUpdatedAt: said.seenUpdatedAt } : {};
      if (c.reason) return api.put(path(d), { message: said.message, ...seen });
      const sailing = c.choosesSailing && said.routing ? { sailing: { routingReference: said.routing } } : {};
      const body = { ...sailing, ...seen };
      const given = Object.keys(body).length > 0;
      if (c.choosesSailing) return api.put(path(d), given ? body : undefined);
      return given ? api.put(path(d), body) : api.put(path(d));
    },
  };
}

// In the order of their rows; a danger step's button comes after the shipping order's.
export const REQUEST_ACTIONS: Record<string, RequestAction> = Object.fromEntries(
  ROWS.filter((row) => row.machine === 'rate_request').flatMap((row) =>
    row.console ? [[row.trigger, action({ ...row, console: row.console })] as const] : [],
  ),
);

export type RequestTrigger = string;

/** Staff triggers of the machine the console offers elsewhere than by a row's button, and where. */
export const OFFERED_ELSEWHERE: Record<string, string> = Object.fromEntries([
  ...ROWS.filter((row) => row.machine === 'rate_request' && !row.console).map((row) => [
    row.trigger,
    row.elsewhere ?? '',
  ]),
  ...Object.entries(table.elsewhere as Record<string, string>)
    .filter(([key]) => key.startsWith('rate_request.'))
    .map(([key, where]) => [key.slice('rate_request.'.length), where]),
]);

/** The words of a shipping order's staff step (its row's trigger on the shipping order machine). */
export function orderRow(trigger: string): Row | undefined {
  return ROWS.find((row) => row.machine === 'shipping_order' && row.trigger === trigger);
}

export function isRequestTrigger(action: string): action is RequestTrigger {
  return Object.hasOwn(REQUEST_ACTIONS, action);
}

export function requestAction(trigger: RequestTrigger): RequestAction {
  const found = REQUEST_ACTIONS[trigger];
  if (!found) throw new Error(`no staff action ${trigger}`);
  return found;
}
