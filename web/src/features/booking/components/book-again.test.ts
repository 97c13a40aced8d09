import { describe, expect, it } from 'vitest';
import { partiesFor } from '../api/address-book-api';
import type { SavedParty } from '../api/address-book-api';
import type { RateRequestDetail } from '../api/booking-api';
import { copiedDefaults } from './rate-request-form';

const choice = (id: number, name: string) => ({ id, name, value: id });
const earlier = (preferredShippingDate: string) =>
  ({
    id: 'r1',
    commodity: 'Dates, pitted',
    hsCode: '080410',
    preferredShippingDate,
    quantity: 3,
    isSwbl: true,
    isDanger: false,
    msds: null,
    additionalComment: 'Keep dry',
    pol: choice(1, 'Shanghai (CNSHA)'),
    pod: choice(2, 'Singapore (SGSIN)'),
    containerType: choice(1, 'Dry'),
    containerSize: choice(2, '40'),
  }) as unknown as RateRequestDetail;

describe('book again', () => {
  it('keeps the lane, containers and cargo, and a date that has not passed', () => {
    const values = copiedDefaults(earlier('2099-03-01'));
    expect(values).toMatchObject({ commodity: 'Dates, pitted', hsCode: '080410', quantity: '3', isSwbl: true });
    expect(values.pol).toEqual({ name: 'Shanghai (CNSHA)', value: 1 });
    expect(values.containerSize).toEqual({ name: '40', value: 2 });
    expect(values.preferredShippingDate).toBe('2099-03-01');
  });

  it('leaves a passed date for the customer to choose', () => {
    expect(copiedDefaults(earlier('2001-03-01')).preferredShippingDate).toBe('');
  });
});

describe('saved parties', () => {
  const party = (name: string, roles: string[]) => ({ id: name, name, roles }) as unknown as SavedParty;
  it('offers those saved as the role first, each group in its order', () => {
    const book = [party('Alborz', []), party('Bandar', ['consignee']), party('Caspian', ['shipper', 'consignee'])];
    expect(partiesFor(book, 'consignee').map((p) => p.name)).toEqual(['Bandar', 'Caspian', 'Alborz']);
    expect(partiesFor(book, 'notify').map((p) => p.name)).toEqual(['Alborz', 'Bandar', 'Caspian']);
  });
});
