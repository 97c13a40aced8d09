// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  allowedTriggers,
  MACHINE_IDS,
  can,
  guardNames,
  isFinal,
  isNamed,
  isState,
  label,
  nextState,
  stateByCode,
  stateCodes,
  stateName,
  stateNames,
  statesByCode,
} from './lifecycle';
import type { MachineId } from './lifecycle';

interface MachineFile {
  readonly initial: string;
  readonly states: readonly { readonly name: string }[];
  readonly transitions: readonly {
    readonly trigger: string;
    readonly source: readonly string[];
    readonly actor: string;
    readonly guards?: readonly string[];
  }[];
}

// The machines as the server reads them: every file in state-machines/, parsed here without the app's loader.
const directory = new URL('../../../state-machines/', import.meta.url);
const files: Record<string, MachineFile> = Object.fromEntries(
  readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .map((name) => [
      name.replace(/\.json$/, ''),
      JSON.parse(readFileSync(new URL(name, directory), 'utf8')) as MachineFile,
    ]),
);
const ACTOR_NAMES = ['customer', 'staff', 'system', 'visitor'] as const;

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

describe('lifecycle helpers', () => {
  it('looks states up by code, telling shared codes apart by price', () => {
    expect(statesByCode('rate_request', 0).map((s) => s.name)).toEqual(['requested', 'quoted']);
    expect(stateByCode('rate_request', 0)?.name).toBe('requested');
    expect(stateByCode('rate_request', 0, null)?.name).toBe('requested');
    expect(stateByCode('rate_request', 0, 1200)?.name).toBe('quoted');
    expect(stateByCode('rate_request', 2)?.name).toBe('loi_pending');
    expect(stateByCode('shipping_order', 2)?.name).toBe('ready_for_approval');
    expect(stateByCode('rate_request', 42)).toBeUndefined();
  });

  it("refuses a shipping order's code two states share: the state's name says which", () => {
    // submitted and update_received share the specification's code 0; no price or other fact tells them apart.
    expect(statesByCode('shipping_order', 0).map((s) => s.name)).toEqual(['submitted', 'update_received']);
    expect(() => stateByCode('shipping_order', 0)).toThrow(/code 0 stands for submitted and update_received/);
    expect(() => label('shipping_order', 0)).toThrow(/submitted and update_received/);
    expect(() => isState('shipping_order', 0, 'submitted')).toThrow(/submitted and update_received/);
    // By name, each is itself, in both languages.
    expect(label('shipping_order', 'update_received', undefined, 'en')).toBe('Update Received');
    expect(label('shipping_order', 'update_received', undefined, 'fa')).toBe('اصلاحات دریافت شد');
    expect(label('shipping_order', 'submitted', undefined, 'en')).toBe('Submitted');
    expect(isNamed('shipping_order', 'update_received', 'update_received')).toBe(true);
    expect(isNamed('shipping_order', 'update_received', 'submitted')).toBe(false);
    expect(isNamed('shipping_order', null, 'submitted')).toBe(false);
    // A misspelt name fails tsc (its names are typed: state-names.ts), and throws when a cast slips it through.
    // @ts-expect-error 'update-received' is no state of shipping_order.json
    expect(() => isNamed('shipping_order', 'submitted', 'update-received')).toThrow(/no state update-received/);
  });

  it('lists the distinct state codes in file order', () => {
    // requested and quoted share code 0: it is offered once, and every other state's code follows in file order.
    const codes = stateCodes('rate_request');
    expect(codes.slice(0, 8)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toHaveLength(stateNames('rate_request').length - 1);
    expect(stateCodes('shipping_order')).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('names the state of an API code, empty for no code or an unknown one', () => {
    expect(stateName('rate_request', 0, null)).toBe('requested');
    expect(stateName('rate_request', 0, 950)).toBe('quoted');
    expect(stateName('shipping_order', 3)).toBe('approved');
    expect(stateName('shipping_order', null)).toBe('');
    expect(stateName('shipping_order', undefined)).toBe('');
    expect(stateName('rate_request', 42)).toBe('');
  });

  it('compares an API code with a state name and refuses names the machine does not declare', () => {
    expect(isState('shipping_order', 1, 'revision_requested')).toBe(true);
    expect(isState('shipping_order', 2, 'revision_requested')).toBe(false);
    expect(isState('shipping_order', null, 'approved')).toBe(false);
    expect(isState('rate_request', 0, 'quoted', 1200)).toBe(true);
    expect(isState('rate_request', 0, 'quoted', null)).toBe(false);
    // @ts-expect-error 'loi-pending' is no state of rate_request.json
    expect(() => isState('rate_request', 2, 'loi-pending')).toThrow(/no state loi-pending/);
  });

  it('labels states by name or code with the badge texts of the booking spec', () => {
    expect(label('rate_request', 2)).toBe('Booking Request');
    expect(label('rate_request', 'rejected_by_client')).toBe('Declined by Customer');
    expect(label('rate_request', 7)).toBe('Expired Price');
    expect(label('rate_request', 4)).toBe('Completed');
    expect(label('rate_request', 99)).toBe('');
    expect(label('notification', 'read')).toBe('Read');
  });

  it('includes the initial pseudo-state only when asked', () => {
    expect(stateNames('notification')).toEqual(['unread', 'read']);
    expect(stateNames('notification', { includeInitial: true })).toEqual(['new', 'unread', 'read']);
  });

  it('checks trigger, source and actor', () => {
    expect(can('rate_request', 'quoted', 'accept_price', 'customer')).toBe(true);
    expect(can('rate_request', 'quoted', 'accept_price', 'staff')).toBe(false);
    expect(can('rate_request', 'requested', 'accept_price', 'customer')).toBe(false);
    expect(can('rate_request', 'new', 'create', 'customer')).toBe(true);
  });

  it('evaluates guards when a guard map is given', () => {
    expect(can('rate_request', 'quoted', 'accept_price', 'customer', {})).toBe(false);
    expect(
      can('rate_request', 'quoted', 'accept_price', 'customer', { before_validity: true, portal_request: true }),
    ).toBe(true);
    // A firm request (made through the DCSA standard) has no price for the customer to accept.
    expect(
      can('rate_request', 'quoted', 'accept_price', 'customer', { before_validity: true, portal_request: false }),
    ).toBe(false);
    expect(can('rate_request', 'quoted', 'accept_price', 'customer', { before_validity: false })).toBe(false);
  });

  it('needs every guard of a transition to be true', () => {
    expect(nextState('rate_request', 'requested', 'quote', 'staff', { price_positive: true })).toBeNull();
    expect(
      nextState('rate_request', 'requested', 'quote', 'staff', { price_positive: true, validity_in_future: true }),
    ).toBe('quoted');
  });

  it('picks the first matching transition in file order', () => {
    const both = { needs_verification: true, skips_verification: true };
    expect(nextState('registration', 'started', 'submit_details', 'visitor', both)).toBe('details_submitted');
    expect(nextState('registration', 'started', 'submit_details', 'visitor', { skips_verification: true })).toBe(
      'pending',
    );
    expect(
      nextState('registration', 'details_submitted', 'submit_details', 'visitor', { skips_verification: true }),
    ).toBeNull();
  });

  it('fires unguarded transitions with no guard map', () => {
    expect(nextState('rate_request', 'quoted', 'cancel_price', 'customer')).toBe('rejected_by_client');
    expect(nextState('notification', 'new', 'create', 'system')).toBe('unread');
    expect(nextState('notification', 'new', 'create', 'customer')).toBeNull();
  });

  it('lists the allowed triggers per actor in file order, as the JSON files declare them', () => {
    // Read from the files, not written out: a trigger added to a machine needs no edit here.
    for (const [id, file] of Object.entries(files)) {
      for (const state of file.states.map((s) => s.name).concat(file.initial)) {
        for (const actor of ACTOR_NAMES) {
          const declared = unique(
            file.transitions.filter((t) => t.actor === actor && t.source.includes(state)).map((t) => t.trigger),
          );
          const unguarded = unique(
            file.transitions
              .filter((t) => t.actor === actor && t.source.includes(state) && (t.guards ?? []).length === 0)
              .map((t) => t.trigger),
          );
          expect(allowedTriggers(id as MachineId, state, actor), `${id} ${state} ${actor}`).toEqual(declared);
          expect(allowedTriggers(id as MachineId, state, actor, {}), `${id} ${state} ${actor} {}`).toEqual(unguarded);
        }
      }
    }
    // Floors the screens rely on: more may be added, none of these may go.
    expect(allowedTriggers('rate_request', 'quoted', 'customer')).toEqual(
      expect.arrayContaining(['edit', 'accept_price', 'cancel_price']),
    );
    expect(allowedTriggers('rate_request', 'quoted', 'staff')).toEqual(
      expect.arrayContaining(['quote', 'request_revision', 'confirm_request', 'reject']),
    );
    expect(allowedTriggers('rate_request', 'quoted', 'customer', {})).not.toContain('accept_price');
    expect(allowedTriggers('rate_request', 'rejected_by_admin', 'staff')).toEqual([]);
  });

  it('knows final states and guard names', () => {
    expect(isFinal('rate_request', 'price_expired')).toBe(true);
    expect(isFinal('rate_request', 'quoted')).toBe(false);
    for (const [id, file] of Object.entries(files)) {
      expect(guardNames(id as MachineId), id).toEqual(unique(file.transitions.flatMap((t) => t.guards ?? [])));
    }
    expect(guardNames('shipping_order')).toEqual(
      expect.arrayContaining([
        'rate_request_in_shipping_order',
        'exact_container_count',
        'parties_present',
        'has_revise_messages',
        'revision_was_requested',
        'no_revision_was_requested',
        'has_message',
      ]),
    );
    expect(isFinal('shipping_order', 'approved')).toBe(false);
    expect(isFinal('shipping_order', 'issued')).toBe(true);
  });

  it('covers every machine file there is', () => {
    expect(Object.keys(files).sort()).toEqual([...MACHINE_IDS].sort());
  });
});
