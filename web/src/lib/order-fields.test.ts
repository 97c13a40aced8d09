import { describe, expect, it } from 'vitest';
import {
  CONTAINER_FIELDS,
  fieldsFor,
  fieldLabel,
  orderField,
  orderFormBody,
  orderFormErrors,
  orderFormValues,
  orderValue,
  partyValue,
  PARTY_FIELDS,
  revisedFieldLabel,
} from './order-fields';
import { i18next, setLanguage } from '@/i18n';
import type { Order } from './order-fields';

const order = {
  isSWBL: true,
  freightType: 2,
  cargoDescription: 'Dates in 5 kg cartons',
  imcoClass: null,
  unNumber: null,
  temprature: -18,
  humidity: 60,
  hasVentilation: false,
  parties: [],
  containers: [],
} as unknown as Order;

describe('the shipping order fields, described once', () => {
  it('says values with their units, in words', () => {
    expect(orderValue(order, orderField('temprature'))).toBe('-18 °C');
    expect(orderValue(order, orderField('humidity'))).toBe('60 %');
    expect(orderValue(order, orderField('freightType'))).toBe('Prepaid');
    expect(orderValue(order, orderField('isSWBL'))).toBe('Yes');
    expect(orderValue(order, orderField('imcoClass'))).toBe('-');
  });
  it('says them in the language shown: the role of a party, the freight terms, a yes-or-no', async () => {
    const role = PARTY_FIELDS.find((f) => f.key === 'partyType')!;
    const party = { partyType: 1 } as unknown as Parameters<typeof partyValue>[0];
    expect(partyValue(party, role)).toBe('Consignee');
    await setLanguage('fa');
    try {
      expect(partyValue(party, role)).toBe('گیرنده');
      expect(orderValue(order, orderField('freightType'))).not.toBe('Prepaid');
      expect(orderValue(order, orderField('isSWBL'))).toBe('بله');
      // An erased customer's party reads as erased, in the reader's words.
      const name = PARTY_FIELDS.find((f) => f.key === 'name')!;
      const erased = { partyType: 1, name: 'erased person' } as unknown as Parameters<typeof partyValue>[0];
      expect(partyValue(erased, name)).toBe('شخص پاک‌شده');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
  it('labels weights with their unit for forms and tables', () => {
    expect(CONTAINER_FIELDS.map((f) => fieldLabel('containerFields', f))).toContain('Gross weight (kg)');
    expect(fieldLabel('orderFields', orderField('temprature'))).toBe('Temperature (°C)');
  });
  it('asks a reefer for its settings and a dry box not', () => {
    expect(fieldsFor({ isDanger: false, isReefer: true }).map((f) => f.key)).toContain('temprature');
    expect(fieldsFor({ isDanger: false, isReefer: false }).map((f) => f.key)).not.toContain('humidity');
    expect(fieldsFor({ isDanger: true, isReefer: false }).map((f) => f.key)).toContain('unNumber');
  });
  it('takes a UN number as an MSDS writes it, "UN 1263", or bare', () => {
    const values = { ...orderFormValues(order, { isSWBL: false }), imcoClass: '3' };
    const danger = { isDanger: true, isReefer: false };
    for (const unNumber of ['1263', 'UN 1263', 'UN1263', 'un 1263'])
      expect(orderFormErrors({ ...values, unNumber }, danger)).toEqual({});
    for (const unNumber of ['126', 'UN 12634', 'UNX 1263'])
      expect(orderFormErrors({ ...values, unNumber }, danger)).toEqual({ unNumber: 'UN number must be 4 digits' });
  });
  it("names a revision's keys, the specification's spelling too", () => {
    expect(revisedFieldLabel('frightType')).toBe('Freight');
    expect(revisedFieldLabel('containers')).toBe('Containers');
  });
  it('gives the form its values, its rules and its body from the same entries', () => {
    const values = orderFormValues(order, { isSWBL: false });
    // Each field named here (a field added to the description later joins these without changing them).
    expect(values).toMatchObject({
      isSWBL: true,
      freightType: 1,
      cargoDescription: 'Dates in 5 kg cartons',
      imcoClass: '',
      unNumber: '',
      temprature: '-18',
      humidity: '60',
      hasVentilation: false,
    });
    expect(orderFormValues(null, { isSWBL: true }).isSWBL).toBe(true);
    const reefer = { isDanger: false, isReefer: true };
    expect(orderFormErrors({ ...values, humidity: ' ' }, reefer)).toEqual({ humidity: 'This Field is required' });
    expect(orderFormErrors(values, { isDanger: true, isReefer: false })).toEqual({
      imcoClass: 'This Field is required',
      unNumber: 'This Field is required',
    });
    expect(orderFormBody({ ...values, cargoDescription: ' Dates ', imcoClass: '3' }, reefer)).toMatchObject({
      isSWBL: true,
      cargoDescription: 'Dates',
      imcoClass: null,
      unNumber: null,
      temprature: -18,
      humidity: 60,
      hasVentilation: false,
    });
  });
});
