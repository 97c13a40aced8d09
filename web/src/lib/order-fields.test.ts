import { describe, expect, it } from 'vitest';
import { CONTAINER_FIELDS, fieldsFor, labelWithUnit, orderField, orderValue, revisedFieldLabel } from './order-fields';
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
  it('labels weights with their unit for forms and tables', () => {
    expect(CONTAINER_FIELDS.map(labelWithUnit)).toContain('Gross weight (kg)');
    expect(labelWithUnit(orderField('temprature'))).toBe('Temperature (°C)');
  });
  it('asks a reefer for its settings and a dry box not', () => {
    expect(fieldsFor({ isDanger: false, isReefer: true }).map((f) => f.key)).toContain('temprature');
    expect(fieldsFor({ isDanger: false, isReefer: false }).map((f) => f.key)).not.toContain('humidity');
    expect(fieldsFor({ isDanger: true, isReefer: false }).map((f) => f.key)).toContain('unNumber');
  });
  it("names a revision's keys, the specification's spelling too", () => {
    expect(revisedFieldLabel('frightType')).toBe('Freight');
    expect(revisedFieldLabel('containers')).toBe('Containers');
  });
});
