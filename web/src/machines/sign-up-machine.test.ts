import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { formatCountdown, signUpMachine, stepOf } from './sign-up-machine';
import type { FinalizeOutput, SignUpContext, SignUpEvent, StartOutput } from './sign-up-machine';

type AnyEvent = SignUpEvent | { type: string; output?: unknown; error?: unknown };

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
const startOut = (firstStep: 1 | 2 | 3 | 4, type: 1 | 2 = 1): StartOutput => ({ firstStep, type, nationalId: 'ID-1' });
const GRAPH_TIMEOUT = 60_000;
const finalOut: FinalizeOutput = { nationalId: 'ID-1', verify: true };

// Every event the flow can meet, the server's answers included (done/error of each invoked call).
const EVENTS: AnyEvent[] = [
  { type: 'START', kind: 1, nationalId: 'ID-1', phone: '09123456789' },
  { type: 'START', kind: 2, nationalId: 'ID-1', phone: '09123456789' },
  { type: 'START', kind: 3, nationalId: 'ID-1' },
  done('start', startOut(1)),
  done('start', startOut(2, 2)),
  done('start', startOut(3, 2)),
  done('start', startOut(4)),
  failed('start', { status: 409, description: 'User Exist' }),
  failed('start', { status: 400, description: 'bad', fields: { nationalId: 'Invalid national code.' } }),
  { type: 'SUBMIT', values: { phone: '09123456789' } },
  { type: 'BACK', values: { email: 'a@b.cd' } },
  done('finalize', finalOut),
  failed('finalize', { status: 400, fields: { email: 'Invalid email' } }),
  failed('finalize', { status: 409, description: 'User Exist' }),
  { type: 'CODE', code: '12345' },
  { type: 'CODE', code: '12' },
  { type: 'VERIFY' },
  done('verify', { verified: true }),
  failed('verify', { status: 400, description: 'Wrong code' }),
  { type: 'TICK' },
  { type: 'RESEND' },
  done('resend', { resendAfterSeconds: 120 }),
  failed('resend', { status: 429, description: 'Too soon' }),
];

// A vertex is the state, the kind, whether five digits are in, the countdown and the error marks: small
// enough for simple paths, fine enough to tell every case of the flow apart.
const serializeState = (state: { value: unknown; context: SignUpContext }) =>
  JSON.stringify({
    value: state.value,
    kind: state.context.kind,
    complete: state.context.code.length === 5,
    remaining: state.context.remaining,
    wrong: state.context.wrongCode,
    fields: Object.keys(state.context.fieldErrors).length > 0,
  });
// The server answers a start call of a kind with that kind's form, or 4 for an individual or a domestic
// company whose registration waits for its code (never 4 for a foreign company).
const STEPS_OF_KIND: Record<number, number[]> = { 1: [1, 4], 2: [2, 4], 3: [3] };
function eventsFor(state: { matches: (v: unknown) => boolean; context: SignUpContext }): SignUpEvent[] {
  const events = EVENTS.filter((event) => {
    if (event.type !== 'xstate.done.actor.start') return true;
    const step = (event.output as StartOutput).firstStep;
    return state.matches({ start: 'starting' }) && STEPS_OF_KIND[state.context.kind ?? 1].includes(step);
  });
  return events as SignUpEvent[];
}
// A clock that moves a second every time it is read: one TICK reads the countdown's one second away.
function steppingClock() {
  let t = 0;
  return () => (t += 1000);
}
const options = {
  input: { countdownSeconds: 1, now: steppingClock() },
  events: eventsFor as never,
  serializeState: serializeState as never,
};
// Simple paths without Back: Back makes every form vertex reachable again from step 1, which multiplies the
// simple paths without adding a case (Back has its own tests, and the shortest paths include it).
const simpleOptions = {
  ...options,
  events: ((state: Parameters<typeof eventsFor>[0]) => eventsFor(state).filter((e) => e.type !== 'BACK')) as never,
};
const valueOf = (state: { value: unknown }) => JSON.stringify(state.value);

describe('sign-up machine: every path (xstate/graph)', () => {
  const shortest = getShortestPaths(signUpMachine, options);

  it('reaches every state of the spec table and both dialogs', () => {
    const reached = new Set(shortest.map((p) => valueOf(p.state)));
    for (const value of [
      { start: 'editing' },
      { start: 'starting' },
      { form: 'editing' },
      { form: 'submitting' },
      { verification: 'idle' },
      { verification: 'verifying' },
      { verification: 'resending' },
      'success',
      'userExists',
    ]) {
      expect(reached).toContain(JSON.stringify(value));
    }
  });

  it('shows each kind its own form after the start call (steps 1, 2, 3)', () => {
    const steps = new Set(shortest.filter((p) => p.state.matches('form')).map((p) => stepOf(p.state)));
    expect(steps).toEqual(new Set([1, 2, 3]));
  });

  it('resumes at verification when the server answers firstStep 4', () => {
    const path = shortest.find(
      (p) => p.state.matches({ verification: 'idle' }) && p.steps.every((s) => s.event.type !== 'SUBMIT'),
    );
    expect(path).toBeDefined();
    expect(path!.steps.map((s) => s.event.type)).toEqual(['xstate.init', 'START', 'xstate.done.actor.start']);
    expect(stepOf(path!.state)).toBe(4);
  });

  it(
    'every path to success of a foreign company skips verification; others verify',
    () => {
      const toSuccess = getSimplePaths(signUpMachine, {
        ...simpleOptions,
        toState: (state) => state.matches('success'),
      });
      expect(toSuccess.length).toBeGreaterThan(0);
      for (const path of toSuccess) {
        const verified = path.steps.some((s) => s.state.matches('verification'));
        const foreign = path.state.context.kind === 3;
        expect(verified).toBe(!foreign);
      }
      // An individual and a domestic company can both reach success; so can a foreign company.
      const kinds = new Set(toSuccess.map((p) => p.state.context.kind));
      expect(kinds).toEqual(new Set([1, 2, 3]));
    },
    GRAPH_TIMEOUT,
  );

  it(
    'a 409 from start or finalize opens User Exist',
    () => {
      const paths = getSimplePaths(signUpMachine, { ...simpleOptions, toState: (s) => s.matches('userExists') });
      const causes = new Set(paths.map((p) => p.steps.at(-1)!.event.type));
      expect(causes).toEqual(new Set(['xstate.error.actor.start', 'xstate.error.actor.finalize']));
    },
    GRAPH_TIMEOUT,
  );

  it('Back from any form returns to step 1 with the kind and identifier kept', () => {
    const backs = shortest.filter((p) => p.steps.at(-1)?.event.type === 'BACK');
    expect(backs.length).toBeGreaterThan(0);
    for (const path of backs) {
      expect(path.state.matches({ start: 'editing' })).toBe(true);
      expect(path.state.context.nationalId).toBe('ID-1');
      expect(path.state.context.values).toEqual({ email: 'a@b.cd' });
    }
  });

  it('field errors from the server keep the form and carry the messages', () => {
    const path = shortest.find(
      (p) => p.state.matches({ form: 'editing' }) && Object.keys(p.state.context.fieldErrors).length > 0,
    );
    expect(path?.state.context.fieldErrors).toEqual({ email: 'Invalid email' });
  });

  it('confirm needs five digits; a wrong code marks the boxes; resend only once the countdown ends', () => {
    for (const path of shortest) {
      const last = path.steps.at(-1);
      if (!last) continue;
      const type: string = last.event.type;
      if (type === 'xstate.error.actor.verify') expect(path.state.context.wrongCode).toBe(true);
      if (path.state.matches({ verification: 'verifying' })) expect(path.state.context.code).toMatch(/^\d{5}$/);
      if (path.state.matches({ verification: 'resending' })) expect(path.state.context.remaining).toBe(0);
      if (type === 'xstate.done.actor.resend') {
        expect(path.state.context.remaining).toBe(1);
        expect(path.state.context.code).toBe('');
      }
    }
  });
});

describe('sign-up machine with its calls', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function actorWith(overrides: Partial<Record<'start' | 'finalize' | 'verify' | 'resend', () => Promise<unknown>>>) {
    const machine = signUpMachine.provide({
      actors: {
        start: fromPromise(async () => (overrides.start ? overrides.start() : startOut(1))) as never,
        finalize: fromPromise(async () => (overrides.finalize ? overrides.finalize() : finalOut)) as never,
        verify: fromPromise(async () => (overrides.verify ? overrides.verify() : { verified: true })) as never,
        resend: fromPromise(async () => (overrides.resend ? overrides.resend() : {})) as never,
      },
    });
    return createActor(machine, { input: { countdownSeconds: 120 } }).start();
  }

  it('counts 120 s down once a second, then lets the user resend and restarts', async () => {
    const resend = vi.fn(async () => ({}));
    const actor = actorWith({ start: async () => startOut(4), resend });
    actor.send({ type: 'START', kind: 1, nationalId: 'ID-1', phone: '09123456789' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('verification')).toBe(true));
    expect(formatCountdown(actor.getSnapshot().context.remaining)).toBe('02:00');
    actor.send({ type: 'RESEND' });
    expect(resend).not.toHaveBeenCalled();
    vi.advanceTimersByTime(61_000);
    expect(formatCountdown(actor.getSnapshot().context.remaining)).toBe('00:59');
    actor.send({ type: 'CODE', code: '12a3' });
    expect(actor.getSnapshot().context.code).toBe('123');
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().context.remaining).toBe(0);
    actor.send({ type: 'RESEND' });
    await vi.waitFor(() => expect(resend).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(actor.getSnapshot().context.remaining).toBe(120));
    expect(actor.getSnapshot().context.code).toBe('');
    actor.stop();
  });

  it('counts wall-clock time: a background tab whose timer ticked once after 130 s may resend', () => {
    let now = 1_000_000;
    const machine = signUpMachine.provide({
      actors: { start: fromPromise(async () => startOut(4)) as never },
    });
    const actor = createActor(machine, { input: { countdownSeconds: 120, now: () => now } }).start();
    actor.send({ type: 'START', kind: 1, nationalId: 'ID-1', phone: '09123456789' });
    return vi
      .waitFor(() => expect(actor.getSnapshot().matches('verification')).toBe(true))
      .then(() => {
        now += 130_000; // the tab slept: no tick for 130 s
        actor.send({ type: 'TICK' });
        expect(actor.getSnapshot().context.remaining).toBe(0);
        now -= 100_000;
        actor.send({ type: 'TICK' });
        expect(actor.getSnapshot().context.remaining).toBe(0); // never counts back up
        actor.stop();
      });
  });

  it('Back from the form returns to step 1 keeping what was typed', async () => {
    const actor = actorWith({});
    actor.send({ type: 'START', kind: 2, nationalId: '14003456789', phone: '09123456789' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('form')).toBe(true));
    actor.send({ type: 'BACK', values: { name: 'Caspian Lines' } });
    const back = actor.getSnapshot();
    expect(back.matches({ start: 'editing' })).toBe(true);
    expect(back.context).toMatchObject({ kind: 1, nationalId: 'ID-1', phone: '09123456789' });
    expect(back.context.values).toEqual({ name: 'Caspian Lines' });
    actor.stop();
  });

  it('an individual goes start -> form -> verification -> success', async () => {
    const actor = actorWith({});
    actor.send({ type: 'START', kind: 1, nationalId: 'ID-1', phone: '09123456789' });
    await vi.waitFor(() => expect(stepOf(actor.getSnapshot())).toBe(1));
    actor.send({ type: 'SUBMIT', values: { phone: '09123456789' } });
    await vi.waitFor(() => expect(stepOf(actor.getSnapshot())).toBe(4));
    actor.send({ type: 'VERIFY' });
    expect(actor.getSnapshot().matches({ verification: 'idle' })).toBe(true);
    actor.send({ type: 'CODE', code: '12345' });
    actor.send({ type: 'VERIFY' });
    await waitFor(actor, (s) => s.matches('success'));
    actor.stop();
  });
});

describe('formatCountdown', () => {
  it('shows mm:ss', () => {
    expect(formatCountdown(120)).toBe('02:00');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});
