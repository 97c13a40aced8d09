import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldWords } from './field-words';

describe('fieldWords', () => {
  it('says what a field is, whatever the wire spells', () => {
    expect(fieldWords('EconimocCode')).toBe('Economic code');
    expect(fieldWords('RegisterationCode')).toBe('Registration code');
    expect(fieldWords('FirstName')).toBe('First name');
    expect(fieldWords('contactPerson')).toBe('Contact person');
    expect(fieldWords('nationalCode')).toBe('Company ID');
    expect(fieldWords('someNewField')).toBe('Some new field');
  });
});

describe('fieldLabel', () => {
  it("reads a booking's fields from the catalogue the server's trail and changes view read", () => {
    expect(fieldLabel('quantity')).toBe('Number of containers');
    expect(fieldLabel('hsCode')).toBe('HS code');
    expect(fieldLabel('isSWBL')).toBe('Sea waybill');
    expect(fieldLabel('temprature')).toBe('Temperature (°C)');
    expect(fieldLabel('cargo_weight')).toBe('Cargo weight');
  });
});
