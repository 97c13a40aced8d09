import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { label } from '@/lib/lifecycle';
import { formatDate, formatMoney } from '@/lib/format';
import { describeState, kindFromClassName, machineOf } from './state-view';

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
    // A booking's fields in the booking's words (contract/field-labels.json), its details' too, as the trail's.
    expect(layout.main[0]).toMatchObject({ label: 'Price per container', value: '$1,250.50' });
    expect(layout.main[1].value).toBe('2026/12/01 00:00:00 UTC');
    expect(layout.main[5].fields?.map((f) => [f.label, f.value])).toEqual([
      ['Number of containers', '2'],
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

describe('a state read in Persian', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('says its lifecycle state, its price and a team role in Persian, as the change table does', async () => {
    await setLanguage('fa');
    const layout = describeState('rate_request', { state: 'quoted', price: '3700' });
    expect(layout.stateLabel).toBe(label('rate_request', 'quoted'));
    expect(layout.stateLabel).not.toMatch(/[A-Za-z]/);
    expect(layout.main[0].value).toBe(formatMoney(3700, 'fa'));
    expect(layout.main[0].value).toContain('۳٬۷۰۰');
    expect(describeState('team', { role: 'viewer' }).main[0].value).toBe('بیننده');
    // A day is a day: no midnight of UTC beside it.
    const details = describeState('rate_request', { details: { preferred_shipping_date: '2026-12-21' } });
    expect(details.main[0].fields?.[0].value).toBe(formatDate('2026-12-21'));
  });
});
