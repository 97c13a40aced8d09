// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { actors, guardNames, isFinal, MACHINE_IDS, nextState, stateNames, triggers } from '@/lib/lifecycle';
import { createLifecycleMachine } from './lifecycle-machine';

describe('lifecycle machine (xstate)', () => {
  it('walks a rate request from creation to acceptance', () => {
    const actor = createActor(createLifecycleMachine('rate_request')).start();
    expect(actor.getSnapshot().value).toBe('new');
    actor.send({ type: 'create', actor: 'customer' });
    expect(actor.getSnapshot().value).toBe('requested');
    actor.send({ type: 'quote', actor: 'staff', guards: { price_positive: true } });
    expect(actor.getSnapshot().value).toBe('requested');
    actor.send({ type: 'quote', actor: 'staff', guards: { price_positive: true, validity_in_future: true } });
    expect(actor.getSnapshot().value).toBe('quoted');
    actor.send({ type: 'accept_price', actor: 'staff', guards: { before_validity: true } });
    expect(actor.getSnapshot().value).toBe('quoted');
    actor.send({ type: 'accept_price', actor: 'customer', guards: { before_validity: true } });
    expect(actor.getSnapshot().value).toBe('loi_pending');
  });

  it('stops in final states', () => {
    const actor = createActor(createLifecycleMachine('rate_request', 'quoted')).start();
    actor.send({ type: 'cancel_price', actor: 'customer' });
    expect(actor.getSnapshot().value).toBe('rejected_by_client');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('agrees with lifecycle.nextState on every state, trigger, actor and guard setting', () => {
    for (const machineId of MACHINE_IDS) {
      const names = guardNames(machineId);
      const settings = [{}, Object.fromEntries(names.map((n) => [n, true]))];
      for (const name of names) settings.push({ [name]: true });
      for (const state of stateNames(machineId, { includeInitial: true })) {
        const machine = isFinal(machineId, state) ? null : createLifecycleMachine(machineId, state);
        for (const trigger of triggers(machineId)) {
          for (const who of actors(machineId)) {
            for (const guards of settings) {
              if (machine === null) {
                // A final state has no way out, in the JSON as in XState (which ignores events once done).
                expect(nextState(machineId, state, trigger, who, guards)).toBeNull();
                continue;
              }
              const actor = createActor(machine).start();
              actor.send({ type: trigger, actor: who, guards });
              const expected = nextState(machineId, state, trigger, who, guards) ?? state;
              expect(actor.getSnapshot().value, `${machineId} ${state} ${trigger} ${who}`).toBe(expected);
            }
          }
        }
      }
    }
  });

  it('refuses an unknown starting state', () => {
    expect(() => createLifecycleMachine('notification', 'archived')).toThrow(/no state archived/);
  });
});
