/**
 * The booking wizard of spec 001 (Rate Request, Fill Form, Shipping Order, Final) as ONE XState machine.
 * The server owns the lifecycle: every fetch of the rate request is sent in as SYNC with the request's
 * numeric state, its price and its order's status, and the machine places itself on the furthest step the
 * server allows (codes and names from state-machines/*.json through src/lib/lifecycle). BACK and CONTINUE
 * only move between steps already reached.
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { stateByCode } from '@/lib/lifecycle';

export interface BookingServerSnapshot {
  /** Rate request `state` (0-7). */
  state: number;
  /** Whether a price is set (tells requested from quoted, both code 0). */
  priced: boolean;
  /** The shipping order's `status` (0-3), null without an order. */
  orderStatus: number | null;
  /** Whether a booking request (LOI documents) was submitted. */
  hasDocuments: boolean;
}

export type BookingWizardEvent =
  | { type: 'SYNC'; snapshot: BookingServerSnapshot }
  | { type: 'BACK' }
  | { type: 'CONTINUE' };

export interface BookingWizardContext {
  server: BookingServerSnapshot | null;
}

export const STEP_TITLES = ['Rate Request', 'Fill Form', 'Shipping Order', 'Final'] as const;

/** The rate_request lifecycle state name the snapshot stands for. */
function rateRequestStateName(s: BookingServerSnapshot): string {
  return stateByCode('rate_request', s.state, s.priced ? 1 : null)?.name ?? 'requested';
}

function orderStateName(s: BookingServerSnapshot): string | null {
  return s.orderStatus === null ? null : (stateByCode('shipping_order', s.orderStatus)?.name ?? null);
}

const CLOSED = new Set(['rejected_by_admin', 'rejected_by_client', 'price_expired']);

/** The furthest step (0-3) the server lets the customer reach. */
export function reachedStep(s: BookingServerSnapshot | null): number {
  if (!s) return 0;
  const name = rateRequestStateName(s);
  if (name === 'completed') return 3;
  if (name === 'shipping_order') {
    const order = orderStateName(s);
    return order === 'ready_for_approval' || order === 'approved' ? 3 : 2;
  }
  if (name === 'loi_pending') return 1;
  return 0;
}

const is =
  (...names: string[]) =>
  ({ context }: { context: BookingWizardContext }) =>
    context.server !== null && names.includes(rateRequestStateName(context.server));
const orderIs =
  (...names: (string | null)[]) =>
  ({ context }: { context: BookingWizardContext }) =>
    context.server !== null && names.includes(orderStateName(context.server));

export const bookingWizardMachine = setup({
  types: {
    context: {} as BookingWizardContext,
    events: {} as BookingWizardEvent,
  },
  guards: {
    closed: ({ context }) => context.server !== null && CLOSED.has(rateRequestStateName(context.server)),
    reachedFinal: ({ context }) => reachedStep(context.server) >= 3,
    reachedShippingOrder: ({ context }) => reachedStep(context.server) >= 2,
    reachedBookingRequest: ({ context }) => reachedStep(context.server) >= 1,
    requested: is('requested'),
    quoted: is('quoted'),
    revisionRequested: is('revision_requested'),
    loiPendingWithoutDocuments: ({ context }) =>
      context.server !== null && rateRequestStateName(context.server) === 'loi_pending' && !context.server.hasDocuments,
    loiPending: is('loi_pending'),
    rejectedByAdmin: is('rejected_by_admin'),
    rejectedByClient: is('rejected_by_client'),
    noOrder: orderIs(null),
    orderSubmitted: orderIs('submitted'),
    orderRevision: orderIs('revision_requested'),
    completed: is('completed'),
  },
}).createMachine({
  id: 'bookingWizard',
  initial: 'loading',
  context: { server: null },
  on: {
    SYNC: { target: '.routing', actions: assign({ server: ({ event }) => event.snapshot }) },
  },
  states: {
    loading: {},
    routing: {
      always: [
        { guard: 'closed', target: 'closed' },
        { guard: 'reachedFinal', target: 'final' },
        { guard: 'reachedShippingOrder', target: 'shippingOrder' },
        { guard: 'reachedBookingRequest', target: 'bookingRequest' },
        { target: 'rateRequest' },
      ],
    },
    rateRequest: {
      initial: 'routing',
      states: {
        routing: {
          always: [
            { guard: 'requested', target: 'awaitingQuote' },
            { guard: 'quoted', target: 'priceOffered' },
            { guard: 'revisionRequested', target: 'revisionRequested' },
            { target: 'accepted' },
          ],
        },
        awaitingQuote: {},
        priceOffered: {},
        revisionRequested: {},
        /** The price was accepted; seen when the customer steps back. */
        accepted: {},
      },
      on: { CONTINUE: { guard: 'reachedBookingRequest', target: 'bookingRequest' } },
    },
    bookingRequest: {
      initial: 'routing',
      states: {
        routing: {
          always: [
            { guard: 'loiPendingWithoutDocuments', target: 'documentsDue' },
            { guard: 'loiPending', target: 'awaitingConfirmation' },
            { target: 'confirmed' },
          ],
        },
        documentsDue: {},
        /** Documents sent; staff confirm the booking. They may still be replaced. */
        awaitingConfirmation: {},
        confirmed: {},
      },
      on: {
        BACK: { target: 'rateRequest' },
        CONTINUE: { guard: 'reachedShippingOrder', target: 'shippingOrder' },
      },
    },
    shippingOrder: {
      initial: 'routing',
      states: {
        routing: {
          always: [
            { guard: 'noOrder', target: 'fill' },
            { guard: 'orderSubmitted', target: 'underReview' },
            { guard: 'orderRevision', target: 'revisionRequested' },
            { target: 'accepted' },
          ],
        },
        fill: {},
        underReview: {},
        revisionRequested: {},
        accepted: {},
      },
      on: {
        BACK: { target: 'bookingRequest' },
        CONTINUE: { guard: 'reachedFinal', target: 'final' },
      },
    },
    final: {
      initial: 'routing',
      states: {
        routing: { always: [{ guard: 'completed', target: 'approved' }, { target: 'ready' }] },
        ready: {},
        approved: {},
      },
      on: { BACK: { target: 'shippingOrder' } },
    },
    closed: {
      initial: 'routing',
      states: {
        routing: {
          always: [
            { guard: 'rejectedByAdmin', target: 'rejectedByAdmin' },
            { guard: 'rejectedByClient', target: 'rejectedByClient' },
            { target: 'priceExpired' },
          ],
        },
        rejectedByAdmin: {},
        rejectedByClient: {},
        priceExpired: {},
      },
    },
  },
});

export type BookingWizardSnapshot = SnapshotFrom<typeof bookingWizardMachine>;

/** The header's active step (0-3) for a machine snapshot. */
export function activeStep(snapshot: BookingWizardSnapshot): number {
  if (snapshot.matches('final')) return 3;
  if (snapshot.matches('shippingOrder')) return 2;
  if (snapshot.matches('bookingRequest')) return 1;
  return 0;
}
