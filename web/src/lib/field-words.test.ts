import { describe, expect, it } from 'vitest';
import { fieldWords } from './field-words';

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
