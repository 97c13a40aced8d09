import { describe, expect, it } from 'vitest';
import { stateNames } from './lifecycle';
import { RATE_REQUEST_STATES, SHIPPING_ORDER_STATES } from './state-names';

/** The typed names are the files' names, in file order: a state renamed, removed or added in a file fails here. */
describe('the typed state names are those of state-machines/*.json', () => {
  it.each([
    ['rate_request', RATE_REQUEST_STATES],
    ['shipping_order', SHIPPING_ORDER_STATES],
  ] as const)('%s', (machine, typed) => {
    expect([...typed]).toEqual(stateNames(machine));
  });
});
