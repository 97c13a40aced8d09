/**
 * The booking wizard of spec 001 (Rate Request, Booking Letter, Shipping Order, Final; the spec's second step, "Fill Form", is the signed booking letter) as ONE XState machine.
 * The server owns the lifecycle: every fetch of the rate request is sent in as SYNC with the request's
 * numeric state, its price and its order's state name, and the machine places itself on the furthest step the
 * server allows: the screen and step each state's entry in state-machines/rate_request.json names (through
 * src/lib/lifecycle), so a state added there lands on its own screen, never on a neighbour's. BACK and
 * CONTINUE only move between steps already reached.
 *
 * Every screen is reached by a guard that names the states it shows; none is a fallback. A state the wizard
 * has no screen for (a rate request code the file lacks, an order state added to shipping_order.json) lands on
 * its step's `unknown` screen, which names the state and offers nothing (decision 3842): never on "accepted".
 * Every step has one, and the guards name states only by the files' names, typed (src/lib/state-names.ts): an
 * order state by its name, a booking state by the screen its entry in rate_request.json names (decision 3849).
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { can, machines, stateByCode, statesWhere } from '@/lib/lifecycle';
import type { MachineDef, StateDef } from '@/lib/lifecycle';
import type { ShippingOrderState } from '@/lib/state-names';

export interface BookingServerSnapshot {
  /** Rate request `state` (its numeric code). */
  state: number;
  /** Whether a price is set (tells requested from quoted, both code 0). */
  priced: boolean;
  /** The shipping order's state by name (its `statusName`, a state of state-machines/shipping_order.json), null
   * without an order. Not its code: `submitted` and `update_received` share code 0. */
  orderState: string | null;
  /** Whether a booking request (LOI documents) was submitted. */
  hasDocuments: boolean;
}

export type BookingWizardEvent =
  | { type: 'SYNC'; snapshot: BookingServerSnapshot }
  | { type: 'BACK' }
  | { type: 'CONTINUE' }
  /** Open the order form to fill a cancelled or declined order again, or put it away unsent. */
  | { type: 'FILL_AGAIN' }
  | { type: 'KEEP_AS_IS' };

export interface BookingWizardContext {
  server: BookingServerSnapshot | null;
}

export const STEP_TITLES = ['Rate Request', 'Booking Letter', 'Shipping Order', 'Final'] as const;

/**
 * The customer's screens a rate_request state may name (its `screen` in state-machines/rate_request.json),
 * each with the step it stands on (the state's `step`; null: the booking is closed, no step).
 */
export const CUSTOMER_SCREENS = {
  awaiting_quote: 0,
  price_offered: 0,
  revision_requested: 0,
  booking_request: 1,
  shipping_order: 2,
  final: 3,
  closed: null,
} as const satisfies Record<string, number | null>;
export type CustomerScreen = keyof typeof CUSTOMER_SCREENS;

function isScreen(value: unknown): value is CustomerScreen {
  return typeof value === 'string' && Object.hasOwn(CUSTOMER_SCREENS, value);
}

/** Every state of `machine` names a screen this wizard has, on the step the screen stands on; the error
 * names the state. Checked at load (a state added to the file without its screen fails loudly). */
export function checkScreens(machine: MachineDef): void {
  const wrong = machine.states
    .filter((s) => !isScreen(s.screen) || CUSTOMER_SCREENS[s.screen] !== (s.step ?? null))
    .map((s) => `state ${s.name}: screen ${String(s.screen)} on step ${String(s.step)}`);
  if (wrong.length > 0) {
    throw new Error(`state-machines/${machine.id}.json names no customer screen this wizard has: ${wrong.join('; ')}`);
  }
}
checkScreens(machines.rate_request);

/** The rate_request lifecycle state the snapshot stands for. */
function rateRequestState(s: BookingServerSnapshot): StateDef | undefined {
  return stateByCode('rate_request', s.state, s.priced ? 1 : null);
}

/** The customer's screen for the snapshot's state, as the lifecycle file names it; null for a state the file
 * does not have (the server knows a state this page does not yet). */
export function screenOf(s: BookingServerSnapshot): CustomerScreen | null {
  const screen = rateRequestState(s)?.screen;
  return isScreen(screen) ? screen : null;
}

/**
 * The order states in which staff have accepted the shipping order: those in which it has produced a transport
 * document (their `transportDocument` fact in state-machines/shipping_order.json: the draft staff's `accept`
 * makes, then approved, then issued). Read from the file, so no list is kept here: a state added there with a
 * transport document reads as accepted, one without is not said to be.
 */
export const ACCEPTED_ORDER_STATES: readonly string[] = statesWhere('shipping_order', 'transportDocument');

/**
 * Whether the customer may submit the order again (`resubmit` in state-machines/shipping_order.json, decision
 * 3824): the order's state allows it, the booking is live (its screen is the shipping order's) and has not
 * come to a state that closes its order (`orderClosedAs`: an order closed with its booking stays closed). The
 * guards on the order's content are the form's to meet, so they are taken as met here.
 */
export function mayFillAgain(s: BookingServerSnapshot | null): boolean {
  if (!s) return false;
  const order = s.orderState;
  if (order === null) return false;
  return can('shipping_order', order, 'resubmit', 'customer', {
    booking_live: screenOf(s) === 'shipping_order',
    not_closed_with_booking: (rateRequestState(s)?.orderClosedAs ?? null) === null,
    exact_container_count: true,
    parties_present: true,
  });
}

/**
 * Whether the customer may cancel her shipping order (`cancel` in state-machines/shipping_order.json, decision
 * 3832): the order's state allows it for her (before staff accept it) and the vessel has not left with the
 * booking's cargo (`cargoSailed`, decision 3858). The server decides again (409).
 */
export function mayCancelOrder(s: BookingServerSnapshot | null, cargoSailed: boolean): boolean {
  if (!s) return false;
  const order = s.orderState;
  return order !== null && can('shipping_order', order, 'cancel', 'customer', { cargo_not_sailed: !cargoSailed });
}

/**
 * Whether the customer may withdraw her update of the shipping order awaiting staff (`cancel_update` in
 * state-machines/shipping_order.json, decision 3839): the order's state allows it for her. Its guards only
 * choose where the order returns (returned for changes or under review), a fact the server keeps, so they are
 * not asked here. The server decides again (409).
 */
export function mayWithdrawUpdate(s: BookingServerSnapshot | null): boolean {
  if (!s) return false;
  const order = s.orderState;
  return order !== null && can('shipping_order', order, 'cancel_update', 'customer');
}

/**
 * The order states that bring a live booking (on the shipping order's screen) to the final step: the draft
 * transport document awaits the customer's approval, or she has given it (the booking completes then).
 */
export const ORDER_STATES_ON_FINAL_STEP = [
  'ready_for_approval',
  'approved',
] as const satisfies readonly ShippingOrderState[];

function orderIn(s: BookingServerSnapshot, names: readonly (string | null)[]): boolean {
  return names.includes(s.orderState);
}

/** The furthest step (0-3) the server lets the customer reach: the state's step in the lifecycle file, or
 * the final step once her shipping order stands in ORDER_STATES_ON_FINAL_STEP (0 when closed). */
export function reachedStep(s: BookingServerSnapshot | null): number {
  if (!s) return 0;
  if (screenOf(s) === 'shipping_order' && orderIn(s, ORDER_STATES_ON_FINAL_STEP)) return 3;
  return rateRequestState(s)?.step ?? 0;
}

const on =
  (...screens: CustomerScreen[]) =>
  ({ context }: { context: BookingWizardContext }) => {
    const screen = context.server === null ? null : screenOf(context.server);
    return screen !== null && screens.includes(screen);
  };
/** The order stands in one of `names` (null: there is no order). Typed, so only a state of the file is named. */
const orderIs =
  (...names: (ShippingOrderState | null)[]) =>
  ({ context }: { context: BookingWizardContext }) =>
    context.server !== null && orderIn(context.server, names);

export const bookingWizardMachine = setup({
  types: {
    context: {} as BookingWizardContext,
    events: {} as BookingWizardEvent,
  },
  guards: {
    closed: on('closed'),
    reachedFinal: ({ context }) => reachedStep(context.server) >= 3,
    reachedShippingOrder: ({ context }) => reachedStep(context.server) >= 2,
    reachedBookingRequest: ({ context }) => reachedStep(context.server) >= 1,
    awaitingQuote: on('awaiting_quote'),
    priceOffered: on('price_offered'),
    revisionRequested: on('revision_requested'),
    /** The customer accepted the price: the booking stands on a later step (seen when she steps back). */
    priceAccepted: on('booking_request', 'shipping_order', 'final'),
    documentsDue: ({ context }) =>
      context.server !== null && screenOf(context.server) === 'booking_request' && !context.server.hasDocuments,
    documentsSent: ({ context }) =>
      context.server !== null && screenOf(context.server) === 'booking_request' && context.server.hasDocuments,
    /** Staff confirmed the booking: it stands on a later step's screen (seen when she steps back). */
    bookingConfirmed: on('shipping_order', 'final'),
    /** The booking is live on the shipping order's step and has no order yet: hers to fill. Not a completed one
     * (a firm request staff completed without an order): nothing is filled there any more. */
    orderDue: ({ context }) =>
      context.server !== null && screenOf(context.server) === 'shipping_order' && context.server.orderState === null,
    orderSubmitted: orderIs('submitted'),
    orderUpdateReceived: orderIs('update_received'),
    orderRevision: orderIs('revision_requested'),
    orderFillableAgain: ({ context }) => mayFillAgain(context.server),
    /** A completed booking without an order: a firm request staff completed without one (`confirm_completed`). */
    completedWithoutOrder: ({ context }) =>
      context.server !== null && screenOf(context.server) === 'final' && context.server.orderState === null,
    orderAccepted: ({ context }) => context.server !== null && orderIn(context.server, ACCEPTED_ORDER_STATES),
    completed: on('final'),
    /** A live booking whose order awaits, or has, the customer's approval (ORDER_STATES_ON_FINAL_STEP). */
    approvalDue: ({ context }) =>
      context.server !== null &&
      screenOf(context.server) === 'shipping_order' &&
      orderIn(context.server, ORDER_STATES_ON_FINAL_STEP),
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
        // Not a fallback to a screen: the first step's routing names its states and sends others to `unknown`.
        { target: 'rateRequest' },
      ],
    },
    rateRequest: {
      initial: 'routing',
      states: {
        routing: {
          always: [
            { guard: 'awaitingQuote', target: 'awaitingQuote' },
            { guard: 'priceOffered', target: 'priceOffered' },
            { guard: 'revisionRequested', target: 'revisionRequested' },
            { guard: 'priceAccepted', target: 'accepted' },
            { target: 'unknown' },
          ],
        },
        awaitingQuote: {},
        priceOffered: {},
        revisionRequested: {},
        /** The price was accepted; seen when the customer steps back. */
        accepted: {},
        /** A state of the booking this wizard has no screen for: said as such, nothing offered. */
        unknown: {},
      },
      on: { CONTINUE: { guard: 'reachedBookingRequest', target: 'bookingRequest' } },
    },
    bookingRequest: {
      initial: 'routing',
      states: {
        routing: {
          always: [
            { guard: 'documentsDue', target: 'documentsDue' },
            { guard: 'documentsSent', target: 'awaitingConfirmation' },
            { guard: 'bookingConfirmed', target: 'confirmed' },
            { target: 'unknown' },
          ],
        },
        documentsDue: {},
        /** Documents sent; staff confirm the booking. They may still be replaced. */
        awaitingConfirmation: {},
        /** Staff confirmed the booking; seen when the customer steps back. */
        confirmed: {},
        /** A state of the booking this step has no screen for: said as such, nothing offered (never the LOI). */
        unknown: {},
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
            { guard: 'orderDue', target: 'fill' },
            { guard: 'orderSubmitted', target: 'underReview' },
            { guard: 'orderUpdateReceived', target: 'updateReceived' },
            { guard: 'orderRevision', target: 'revisionRequested' },
            { guard: 'orderFillableAgain', target: 'fillAgain' },
            { guard: 'orderAccepted', target: 'accepted' },
            { guard: 'completedWithoutOrder', target: 'notSent' },
            { target: 'unknown' },
          ],
        },
        fill: {},
        underReview: {},
        /** The customer sent an update of her order (through /v3); staff decide on it. */
        updateReceived: {},
        revisionRequested: {},
        /** The order was cancelled or declined and the booking is live: it may be filled and sent again. */
        fillAgain: {
          initial: 'offered',
          states: {
            /** What became of the order, and the action that fills it again. */
            offered: { on: { FILL_AGAIN: { target: 'filling' } } },
            /** The order form, pre-filled from the order as last sent, sent as its resubmission. */
            filling: { on: { KEEP_AS_IS: { target: 'offered' } } },
          },
        },
        /** Staff accepted the order (it has a transport document: ACCEPTED_ORDER_STATES). */
        accepted: {},
        /** The booking was completed without an order (seen when she steps back): nothing to fill any more. */
        notSent: {},
        /** An order state this wizard has no screen for (or one it cannot act on here, such as a cancelled order
         * of a booking no longer live): named by its label from the lifecycle
         * file, nothing offered. */
        unknown: {},
      },
      on: {
        BACK: { target: 'bookingRequest' },
        CONTINUE: { guard: 'reachedFinal', target: 'final' },
      },
    },
    final: {
      initial: 'routing',
      states: {
        routing: {
          always: [
            { guard: 'completed', target: 'approved' },
            { guard: 'approvalDue', target: 'ready' },
            { target: 'unknown' },
          ],
        },
        ready: {},
        approved: {},
        /** A state this step has no screen for: said as such, nothing offered. */
        unknown: {},
      },
      on: { BACK: { target: 'shippingOrder' } },
    },
    /** Every state whose screen is `closed` (rejected, declined, expired, cancelled): what happened, no step. */
    closed: {},
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
