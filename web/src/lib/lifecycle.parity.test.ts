// @vitest-environment node
/**
 * The web half of the lifecycle parity check. A Python test runs
 *   PARITY_OUT=/tmp/x.json npx vitest run src/lib/lifecycle.parity.test.ts
 * and compares the JSON written here with domain/shared/lifecycle.py's own `table()`.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actors, guardNames, MACHINE_IDS, machines, nextState, stateNames, triggers } from './lifecycle';
import type { GuardMap, MachineId } from './lifecycle';

type Row = [machine: string, state: string, trigger: string, actor: string, dest: string];

function allGuardsTrue(machineId: MachineId): GuardMap {
  return Object.fromEntries(guardNames(machineId).map((name) => [name, true]));
}

/** Element-wise code-point order, the order of Python's sorted() on lists of str. */
function compareRows(a: Row, b: Row): number {
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

function transitionTable(): Row[] {
  const rows: Row[] = [];
  for (const machineId of MACHINE_IDS) {
    const guards = allGuardsTrue(machineId);
    for (const state of stateNames(machineId, { includeInitial: true })) {
      for (const trigger of triggers(machineId)) {
        for (const actor of actors(machineId)) {
          const dest = nextState(machineId, state, trigger, actor, guards);
          if (dest !== null) rows.push([machineId, state, trigger, actor, dest]);
        }
      }
    }
  }
  return rows.sort(compareRows);
}

describe('lifecycle parity table', () => {
  const table = transitionTable();

  it('writes the table for the Python side when PARITY_OUT is set', () => {
    const out = process.env.PARITY_OUT;
    if (out) writeFileSync(out, JSON.stringify(table));
    expect(table.length).toBeGreaterThan(0);
    expect([...table].sort(compareRows)).toEqual(table);
  });

  it('covers every machine and every declared trigger', () => {
    for (const machineId of MACHINE_IDS) {
      const fired = new Set(table.filter((r) => r[0] === machineId).map((r) => r[2]));
      expect([...fired].sort()).toEqual([...triggers(machineId)].sort());
    }
  });

  it('takes the first transition in file order when several match', () => {
    // registration.submit_details from started has two transitions; with all guards true the first wins.
    expect(table).toContainEqual(['registration', 'started', 'submit_details', 'visitor', 'details_submitted']);
    expect(table).not.toContainEqual(['registration', 'started', 'submit_details', 'visitor', 'pending']);
  });

  it('names only declared states in every source and dest', () => {
    for (const machineId of MACHINE_IDS) {
      const machine = machines[machineId];
      const declared = new Set(machine.states.map((s) => s.name));
      for (const t of machine.transitions) {
        expect(declared.has(t.dest), `${machineId}.${t.trigger} dest ${t.dest}`).toBe(true);
        for (const source of t.source) {
          const known = declared.has(source) || source === machine.initial;
          expect(known, `${machineId}.${t.trigger} source ${source}`).toBe(true);
        }
      }
      expect(declared.has(machine.initial), `${machineId} initial must be a pseudo-state`).toBe(false);
    }
  });
});
