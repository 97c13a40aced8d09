/**
 * The customer's screen for each rate_request state is the one state-machines/rate_request.json names, and a
 * state added to a copy of the file either lands on its own screen everywhere the web app asks, or is refused
 * at load with the state and the missing fact named.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import rateRequestJson from '../../../state-machines/rate_request.json';
import shippingOrderJson from '../../../state-machines/shipping_order.json';
import { defineMachine, machines } from '@/lib/lifecycle';
import type { MachineDef } from '@/lib/lifecycle';
import { bookingWizardMachine, checkScreens } from './booking-wizard';
import type { BookingServerSnapshot } from './booking-wizard';

/** Where the wizard rests for each screen a state may name (the leaf's first part). */
const WIZARD_STATE: Record<string, string> = {
  awaiting_quote: 'rateRequest.awaitingQuote',
  price_offered: 'rateRequest.priceOffered',
  revision_requested: 'rateRequest.revisionRequested',
  booking_request: 'bookingRequest',
  shipping_order: 'shippingOrder',
  final: 'final',
  closed: 'closed',
};

function leaf(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value as Record<string, unknown>)[0];
  return `${key}.${leaf(child)}`;
}

function landing(machine: typeof bookingWizardMachine, snapshot: BookingServerSnapshot): string {
  const actor = createActor(machine).start();
  actor.send({ type: 'SYNC', snapshot });
  return leaf(actor.getSnapshot().value);
}

const ON_HOLD = {
  name: 'on_hold',
  code: 9,
  label: 'On Hold',
  final: false,
  dcsa: 'CONFIRMED',
  screen: 'shipping_order',
  step: 2,
  sailing: ['staff'],
  confirmed: true,
  amendable: true,
  dcsaUpdated: null,
  dcsaOnceConfirmed: null,
  orderClosedAs: null,
};

/** A copy of the file with `state` added. */
function withState(state: Record<string, unknown>): unknown {
  const copy = structuredClone(rateRequestJson) as { states: unknown[] };
  copy.states.push(state);
  return copy;
}

describe('the customer screen of each rate_request state', () => {
  it.each(machines.rate_request.states.map((s) => [s.name, s.screen ?? '']))(
    '%s shows the %s screen',
    (name, screen) => {
      const state = machines.rate_request.states.find((s) => s.name === name)!;
      const snapshot = { state: state.code, priced: name !== 'requested', orderState: null, hasDocuments: true };
      expect(landing(bookingWizardMachine, snapshot).startsWith(WIZARD_STATE[screen])).toBe(true);
    },
  );

  it('a cancelled booking is closed, not back on the price it once accepted', () => {
    const code = machines.rate_request.states.find((s) => s.name === 'cancelled')!.code;
    expect(landing(bookingWizardMachine, { state: code, priced: true, orderState: null, hasDocuments: true })).toBe(
      'closed',
    );
  });
});

describe('a state added to a copy of rate_request.json', () => {
  afterEach(() => {
    vi.doUnmock('../../../state-machines/rate_request.json');
    vi.resetModules();
  });

  it('without its facts is refused, naming the state and each missing fact', () => {
    const bare = { name: 'on_hold', code: 9, label: 'On Hold', dcsa: 'CONFIRMED' };
    expect(() => defineMachine('rate_request', withState(bare))).toThrow(
      'state-machines/rate_request.json: state on_hold does not declare final, screen, step, sailing, confirmed, ' +
        'amendable, dcsaUpdated, dcsaOnceConfirmed, orderClosedAs',
    );
  });

  it('one forgotten fact is named', () => {
    const { screen: _screen, ...partial } = ON_HOLD;
    expect(() => defineMachine('rate_request', withState(partial))).toThrow(/state on_hold does not declare screen$/);
  });

  it('naming a screen the wizard lacks, or the wrong step, is refused naming the state', () => {
    const unknown = defineMachine('rate_request', withState({ ...ON_HOLD, screen: 'on_hold_view' }));
    expect(() => checkScreens(unknown)).toThrow(/state on_hold: screen on_hold_view on step 2/);
    const misplaced: MachineDef = defineMachine('rate_request', withState({ ...ON_HOLD, step: 1 }));
    expect(() => checkScreens(misplaced)).toThrow(/state on_hold: screen shipping_order on step 1/);
  });

  it('with its facts lands on its screen and is in the lists the screens read', async () => {
    vi.resetModules();
    vi.doMock('../../../state-machines/rate_request.json', () => ({ default: withState(ON_HOLD) }));
    const lifecycle = await import('@/lib/lifecycle');
    const wizard = await import('./booking-wizard');
    expect(lifecycle.statesWhere('rate_request', 'amendable')).toEqual(['shipping_order', 'on_hold']);
    expect(lifecycle.statesWhere('rate_request', 'sailing')).toContain('on_hold');
    expect(lifecycle.sailingSettled('on_hold')).toBe(false);
    vi.doMock('../../../state-machines/rate_request.json', () => ({
      default: withState({ ...ON_HOLD, sailing: [] }),
    }));
    vi.resetModules();
    expect((await import('@/lib/lifecycle')).sailingSettled('on_hold')).toBe(true);
    const snapshot = { state: 9, priced: true, orderState: null, hasDocuments: true };
    expect(landing(wizard.bookingWizardMachine, snapshot)).toBe('shippingOrder.fill');
    expect(wizard.reachedStep(snapshot)).toBe(2);
  });
});

/** A copy of shipping_order.json with `state` added. */
function withOrderState(state: Record<string, unknown>): unknown {
  const copy = structuredClone(shippingOrderJson) as { states: unknown[] };
  copy.states.push(state);
  return copy;
}

describe('a state added to a copy of shipping_order.json (decision 3842)', () => {
  afterEach(() => {
    vi.doUnmock('../../../state-machines/shipping_order.json');
    vi.resetModules();
  });

  const held = { name: 'on_hold', code: 7, label: 'On Hold', labelFa: 'در انتظار', dcsa: 'RECEIVED', dcsaUpdate: null };
  const live = { state: 3, priced: true, orderState: 'on_hold', hasDocuments: true };

  it('without a screen of its own is not said to be accepted: it lands on the screen that names it', async () => {
    vi.resetModules();
    vi.doMock('../../../state-machines/shipping_order.json', () => ({
      default: withOrderState({ ...held, transportDocument: null }),
    }));
    const lifecycle = await import('@/lib/lifecycle');
    const wizard = await import('./booking-wizard');
    expect(lifecycle.label('shipping_order', 'on_hold')).toBe('On Hold');
    expect(landing(wizard.bookingWizardMachine, live)).toBe('shippingOrder.unknown');
    expect(wizard.mayCancelOrder(live, false)).toBe(false);
  });

  it('with a transport document it was accepted by staff, and reads so', async () => {
    vi.resetModules();
    vi.doMock('../../../state-machines/shipping_order.json', () => ({
      default: withOrderState({ ...held, transportDocument: 'SURRENDERED' }),
    }));
    const wizard = await import('./booking-wizard');
    expect(wizard.ACCEPTED_ORDER_STATES).toContain('on_hold');
    expect(landing(wizard.bookingWizardMachine, live)).toBe('shippingOrder.accepted');
  });
});
