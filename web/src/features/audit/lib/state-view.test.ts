import { describe, expect, it } from 'vitest';
import { describeState, formatUsd, kindFromClassName, machineOf } from './state-view';

describe('kindFromClassName', () => {
  it("gives the log's snake-case kind", () => {
    expect(kindFromClassName('RateRequest')).toBe('rate_request');
    expect(kindFromClassName('ProfileEditRequest')).toBe('profile_edit_request');
    expect(kindFromClassName('Account')).toBe('account');
    expect(machineOf('rate_request')).toBe('rate_request');
    expect(machineOf('account')).toBeUndefined();
  });
});

describe('describeState', () => {
  it('lays a rate request out by its lifecycle label, price, validity and details', () => {
    const layout = describeState('rate_request', {
      id: 'rr-1',
      version: 2,
      customer_id: 'c-1',
      customer_username: 'alice',
      state: 'quoted',
      price: '1250.5',
      valid_until: '2026-12-01T00:00:00+00:00',
      details: { quantity: 2, commodity: 'Tea' },
      revision_message: null,
      rejection_message: null,
      booking_documents: [],
    });
    expect(layout.stateName).toBe('quoted');
    expect(layout.stateLabel).toBe('Price Quoted');
    expect(layout.main.map((f) => f.key)).toEqual([
      'price',
      'valid_until',
      'customer_username',
      'revision_message',
      'rejection_message',
      'details',
      'booking_documents',
    ]);
    expect(layout.main[0]).toMatchObject({ label: 'Price (USD)', value: '1,250.50 USD' });
    expect(layout.main[1].value).toBe('2026/12/01 00:00:00 UTC');
    expect(layout.main[5].fields?.map((f) => [f.label, f.value])).toEqual([
      ['Quantity', '2'],
      ['Commodity', 'Tea'],
    ]);
    expect(layout.bookkeeping.map((f) => f.key)).toEqual(['id', 'version', 'customer_id']);
  });

  it('shows an account without its password hash text', () => {
    const before = describeState('account', { username: 'admin', roles: ['admin'], password_hash: null, profile: {} });
    expect(before.stateName).toBeUndefined();
    expect(before.main.find((f) => f.key === 'password_hash')?.value).toBe('—');
    const after = describeState('account', { username: 'admin', password_hash: '$argon2id$v=19$secret' });
    expect(after.main.find((f) => f.key === 'password_hash')?.value).toBe('set (hidden)');
  });

  it('uses the label of any lifecycle kind and lists unknown kinds as they are', () => {
    expect(describeState('shipping_order', { state: 'nope' }).stateLabel).toBe('');
    const other = describeState('stored_file', { state: 'x', name: 'a.pdf' });
    expect(other.stateName).toBeUndefined();
    expect(other.main.map((f) => f.key)).toEqual(['name', 'state']);
  });
});

describe('formatUsd', () => {
  it('formats decimal strings and leaves other text alone', () => {
    expect(formatUsd('1000000')).toBe('1,000,000.00 USD');
    expect(formatUsd(null)).toBe('—');
    expect(formatUsd('n/a')).toBe('n/a');
  });
});
