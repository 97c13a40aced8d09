/**
 * Staff's steps on a rate request in the operations console, one entry each, by its trigger in
 * state-machines/rate_request.json: the button, the dialog and the call all read the entry, so a new
 * staff action is one entry here; a test checks every staff trigger of the machine has one (or is named in
 * `OFFERED_ELSEWHERE`).
 */
import type { ButtonVariant } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import type { Answer } from '@/types/contract';

export const ADMIN = '/booking/api/v1/admin';

// The admin detail, as the server's OpenAPI document declares it.
export type Detail = Answer<'booking_admin_rate_request_detail'>;

/** What staff said in the dialog: the reason (trimmed), the sailing chosen (a routing reference or ''). */
export interface Said {
  message: string;
  routing: string;
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

const step = (detail: Detail, trigger: string) => `${ADMIN}/rate-requests/${detail.id}/${trigger}`;

// In the order of their buttons; a danger step's button comes after the shipping order's.
export const REQUEST_ACTIONS = {
  request_revision: {
    title: 'Request Revision',
    done: 'Revision requested: the customer is asked to change the request',
    variant: 'outline',
    reason: true,
    call: (d, said) => api.put(step(d, 'request-revision'), { message: said.message }),
  },
  // A booking requested through the DCSA standard is firm: confirmed at the quoted price, no customer step.
  confirm_request: {
    title: 'Confirm Booking',
    done: 'Booking confirmed',
    offered: (d) => d.viaApi,
    prompt: (d) =>
      `Confirm this booking at ${d.price ?? ''} USD per container? It was requested through the API: the customer has ` +
      'no price to accept.',
    call: (d) => api.put(step(d, 'confirm-request')),
  },
  // DCSA use case 12: the carrier says a booking made through the standard is completed.
  confirm_completed: {
    title: 'Confirm Completed',
    done: 'Booking confirmed completed',
    variant: 'outline',
    offered: (d) => d.viaApi && !d.order,
    prompt: () =>
      "Confirm this booking completed? Its transport document has been surrendered; the customer's system is " +
      'told the booking is completed.',
    call: (d) => api.put(step(d, 'confirm-completed')),
  },
  confirm_booking: {
    title: 'Confirm Booking',
    done: 'Booking confirmed',
    offered: (d) => Boolean(d.bookingRequest),
    choosesSailing: true,
    prompt: () => 'Confirm the booking with the submitted documents?',
    call: (d, said) =>
      api.put(step(d, 'confirm-booking'), said.routing ? { sailing: { routingReference: said.routing } } : undefined),
  },
  reject: {
    title: 'Reject',
    done: 'Booking rejected',
    variant: 'danger',
    reason: true,
    call: (d, said) => api.put(step(d, 'reject'), { message: said.message }),
  },
} satisfies Record<string, RequestAction>;

export type RequestTrigger = keyof typeof REQUEST_ACTIONS;

/** Staff triggers of the machine the console offers elsewhere than by an entry above, and where. */
export const OFFERED_ELSEWHERE: Record<string, string> = {
  quote: 'the quote dialog (../components/quote-dialog.tsx: the breakdown editor)',
  cancel_booking: "the change review (confirming the customer's cancellation request)",
};

export function isRequestTrigger(action: string): action is RequestTrigger {
  return Object.hasOwn(REQUEST_ACTIONS, action);
}

export function requestAction(trigger: RequestTrigger): RequestAction {
  return REQUEST_ACTIONS[trigger];
}
