/**
 * An XState machine built from a state-machines/*.json lifecycle, for screens that want to follow an
 * aggregate's state locally (e.g. optimistic UI, wizards). Its transitions are exactly those of
 * src/lib/lifecycle.ts: an event `{type: trigger, actor, guards}` moves the machine when trigger, source
 * and actor match and every named guard is true in `guards`; the first such transition in file order wins.
 */
import { setup } from 'xstate';
import type { MachineConfig } from 'xstate';
import { getMachine } from '@/lib/lifecycle';
import type { Actor, GuardMap, MachineId } from '@/lib/lifecycle';

export interface LifecycleEvent {
  type: string;
  actor: Actor;
  guards?: GuardMap;
}

interface TransitionParams {
  actor: Actor;
  guards: readonly string[];
}

const lifecycleSetup = setup({
  types: {
    events: {} as LifecycleEvent,
  },
  guards: {
    allowed: ({ event }, params: TransitionParams) =>
      event.actor === params.actor && params.guards.every((name) => event.guards?.[name] === true),
  },
});

/** `initialState` starts the machine elsewhere than the pseudo-state (for an aggregate read from the API). */
export function createLifecycleMachine(machineId: MachineId, initialState?: string) {
  const def = getMachine(machineId);
  const stateNames = [def.initial, ...def.states.map((s) => s.name)];
  if (initialState !== undefined && !stateNames.includes(initialState)) {
    throw new Error(`${machineId} has no state ${initialState}`);
  }

  const states: Record<string, { type?: 'final'; on: Record<string, Array<Record<string, unknown>>> }> = {};
  for (const name of stateNames) {
    const final = def.states.find((s) => s.name === name)?.final === true;
    states[name] = final ? { type: 'final', on: {} } : { on: {} };
  }
  for (const t of def.transitions) {
    for (const source of t.source) {
      const on = states[source].on;
      (on[t.trigger] ??= []).push({
        target: t.dest,
        guard: { type: 'allowed', params: { actor: t.actor, guards: t.guards ?? [] } },
      });
    }
  }

  const config = {
    id: machineId,
    initial: initialState ?? def.initial,
    states,
  } as unknown as MachineConfig<object, LifecycleEvent>;
  return lifecycleSetup.createMachine(config as Parameters<typeof lifecycleSetup.createMachine>[0]);
}
