import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_TYPES,
  changePasswordSchema,
  domesticSchema,
  forgotPasswordSchema,
  foreignSchema,
  individualProfileSchema,
  individualSchema,
  newPasswordSchema,
  startSchema,
} from './schemas';
import { finalizeBody } from './registration';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  // The first message of a field is the one the form shows.
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const individual = {
  firstName: 'Sara',
  lastName: 'Tehrani',
  birthDate: '1370/05/14',
  nationalId: 'ID123456',
  phone: '09123456789',
  fax: '02112345678',
  email: 'sara@example.com',
  address: '12 Azadi Street',
  postalCode: '1234567890',
};
const domestic = {
  name: 'Caspian Lines',
  contactPerson: 'Reza Karimi',
  economicCode: '12345678901',
  registrationCode: '654321',
  nationalCode: 'C12345',
  phone: '09123456789',
  fax: '02112345678',
  email: 'c@example.com',
  address: 'Harbour Road 7',
  postalCode: '1234567890',
};

describe('registration start', () => {
  const base = {
    type: { name: 'Individual Person', value: 1 },
    isForeign: false,
    nationalId: '',
    companyId: '',
    phoneNumber: '',
  };
  it('needs a type', () => {
    expect(messages(startSchema.safeParse({ ...base, type: null }))).toEqual({ type: 'Required' });
  });
  it('an individual needs a national id and a mobile number', () => {
    expect(messages(startSchema.safeParse(base))).toEqual({
      nationalId: 'The ID is required.',
      phoneNumber: 'Phone number is required.',
    });
    expect(messages(startSchema.safeParse({ ...base, nationalId: 'X1234', phoneNumber: '0912' }))).toEqual({
      phoneNumber: 'Enter an Iranian mobile number: 09 and 9 more digits, e.g. 0912 345 6789 or +98 912 345 6789.',
    });
  });
  it('takes an Iranian mobile as people type it: spaces, dashes, +98 or 0098', () => {
    for (const phoneNumber of ['+98 912 345 6789', '0912 345 6789', '0098-912-345-6789', '912 345 6789']) {
      expect(startSchema.safeParse({ ...base, nationalId: 'X1234', phoneNumber }).success).toBe(true);
    }
  });
  it('a company needs a company id; a foreign one no mobile number', () => {
    const company = { ...base, type: { name: 'Company', value: 2 } };
    expect(messages(startSchema.safeParse(company))).toEqual({
      companyId: 'The ID is required.',
      phoneNumber: 'Phone number is required.',
    });
    expect(startSchema.safeParse({ ...company, isForeign: true, companyId: 'F1234' }).success).toBe(true);
  });
});

describe('individual form', () => {
  it('accepts a complete form', () => expect(individualSchema.safeParse(individual).success).toBe(true));
  it('carries the spec messages', () => {
    expect(
      messages(
        individualSchema.safeParse({ ...individual, fax: '12345', email: 'x', address: 'short', postalCode: '123' }),
      ),
    ).toEqual({
      fax: 'Invalid fax number.',
      email: 'Invalid email address.',
      address: 'Address must be at least 8 characters.',
      postalCode: 'String must contain exactly 10 character(s)',
    });
    expect(messages(individualSchema.safeParse({ ...individual, firstName: '', birthDate: '1370-05-14' }))).toEqual({
      firstName: 'Required',
      birthDate: 'Invalid date',
    });
  });
  it('the profile keeps industry, destinations and type of operation optional', () => {
    const profile = { ...individual, postalCode: '', industry: '', destinations: '', typeOfOperation: '' };
    expect(individualProfileSchema.safeParse(profile).success).toBe(true);
    expect(messages(individualProfileSchema.safeParse({ ...profile, typeOfOperation: 'Other' }))).toHaveProperty(
      'typeOfOperation',
    );
  });
});

describe('company forms', () => {
  it('domestic: every bound and message', () => {
    expect(domesticSchema.safeParse(domestic).success).toBe(true);
    expect(
      messages(
        domesticSchema.safeParse({
          ...domestic,
          name: 'abc',
          contactPerson: 'abc',
          economicCode: '123',
          registrationCode: '12',
          phone: '0812345678',
          fax: '123',
          email: 'nope',
          address: 'short',
          postalCode: '123',
        }),
      ),
    ).toEqual({
      name: 'Company name must be at least 4 characters.',
      contactPerson: 'Contact person must be at least 4 characters.',
      economicCode: 'Invalid economic code.',
      registrationCode: 'Invalid registration number.',
      phone: 'Enter an Iranian mobile number: 09 and 9 more digits, e.g. 0912 345 6789 or +98 912 345 6789.',
      fax: 'Invalid fax number.',
      email: 'Invalid email address.',
      address: 'Address must be at least 8 characters.',
      postalCode: 'Invalid postal code.',
    });
    expect(
      messages(domesticSchema.safeParse({ ...domestic, name: '', contactPerson: '', email: '', address: '' })),
    ).toEqual({
      name: 'Company name is required.',
      contactPerson: 'Contact person is required.',
      email: 'Email is required.',
      address: 'Address is required.',
    });
  });
  it('fax is optional for individuals and companies alike, on sign-up and profile', () => {
    expect(individualSchema.safeParse({ ...individual, fax: '' }).success).toBe(true);
    expect(domesticSchema.safeParse({ ...domestic, fax: '' }).success).toBe(true);
    expect(messages(individualSchema.safeParse({ ...individual, fax: '999' }))).toEqual({ fax: 'Invalid fax number.' });
    expect(messages(domesticSchema.safeParse({ ...domestic, fax: '999' }))).toEqual({ fax: 'Invalid fax number.' });
  });
  it('foreign: fax optional and international, as its phone is; contact person without a minimum', () => {
    const { economicCode: _e, registrationCode: _r, ...rest } = domestic;
    const foreign = { ...rest, fax: '', contactPerson: 'Al' };
    expect(foreignSchema.safeParse(foreign).success).toBe(true);
    expect(foreignSchema.safeParse({ ...foreign, fax: '+49 40 1234 5679' }).success).toBe(true);
    expect(messages(foreignSchema.safeParse({ ...foreign, fax: '999' }))).toEqual({
      fax: 'Enter the fax number with its country code: + and 7 to 15 digits, e.g. +49 40 3008 1235.',
    });
  });
  it('foreign: the phone is international, "+" included', () => {
    const { economicCode: _e, registrationCode: _r, ...rest } = domestic;
    const foreign = { ...rest, fax: '' };
    for (const phone of ['+49 40 1234 5678', '+1 (212) 555-0100', '0044 20 7946 0958', '+44-20-7946-0958']) {
      expect(foreignSchema.safeParse({ ...foreign, phone }).success).toBe(true);
    }
    for (const phone of ['+49', 'call me', '+49 40 1234 5678 9012 3456', '++49 40 1234 567']) {
      expect(messages(foreignSchema.safeParse({ ...foreign, phone }))).toEqual({
        phone: 'Enter the number with its country code: + and 7 to 15 digits, e.g. +49 40 3008 1234.',
      });
    }
    expect(messages(domesticSchema.safeParse({ ...domestic, phone: '+49 40 1234 5678' }))).toEqual({
      phone: 'Enter an Iranian mobile number: 09 and 9 more digits, e.g. 0912 345 6789 or +98 912 345 6789.',
    });
  });
  it("foreign: the postal code is its own country's", () => {
    const { economicCode: _e, registrationCode: _r, ...rest } = domestic;
    const foreign = { ...rest, fax: '' };
    for (const postalCode of ['20095', 'SW1A 1AA', '10001', '75008', '1010 AB', '100-0001']) {
      expect(foreignSchema.safeParse({ ...foreign, postalCode }).success).toBe(true);
    }
    for (const postalCode of ['20', 'SW1A  1AA', '12345678901', '#20095', '']) {
      expect(messages(foreignSchema.safeParse({ ...foreign, postalCode }))).toEqual({
        postalCode: 'Invalid postal code.',
      });
    }
    expect(messages(domesticSchema.safeParse({ ...domestic, postalCode: '20095' }))).toEqual({
      postalCode: 'Invalid postal code.',
    });
  });
  it('sends the spec wire keys', () => {
    expect(finalizeBody({ kind: 2, values: domestic })).toMatchObject({
      isForeign: false,
      econimicCode: '12345678901',
    });
    expect(finalizeBody({ kind: 2, values: domestic })).not.toHaveProperty('economicCode');
    const { economicCode: _e, registrationCode: _r, ...rest } = domestic;
    expect(finalizeBody({ kind: 3, values: { ...rest, fax: '' } })).toMatchObject({ isForeign: true, fax: '' });
  });
});

describe('passwords', () => {
  it('new password: length, uppercase, digit, match', () => {
    expect(messages(newPasswordSchema.safeParse({ newPassword: 'Ab1', confirmNewPassword: '' }))).toEqual({
      newPassword: 'Password must be at least 8 characters',
      confirmNewPassword: 'This field is required.',
    });
    expect(messages(newPasswordSchema.safeParse({ newPassword: '', confirmNewPassword: '' }))).toEqual({
      newPassword: 'This field is required.',
      confirmNewPassword: 'This field is required.',
    });
    // Two equal passwords never read as a mismatch, whatever rule they break.
    expect(messages(newPasswordSchema.safeParse({ newPassword: 'abcdefgh', confirmNewPassword: 'abcdefgh' }))).toEqual({
      newPassword: 'Password must include an uppercase letter',
    });
    expect(messages(newPasswordSchema.safeParse({ newPassword: 'abcdefgh1', confirmNewPassword: 'x' }))).toHaveProperty(
      'newPassword',
      'Password must include an uppercase letter',
    );
    expect(messages(newPasswordSchema.safeParse({ newPassword: 'Abcdefghi', confirmNewPassword: 'x' }))).toHaveProperty(
      'newPassword',
      'Password must include a number',
    );
    expect(
      messages(newPasswordSchema.safeParse({ newPassword: 'Abcdefgh1', confirmNewPassword: 'Abcdefgh2' })),
    ).toEqual({
      confirmNewPassword: 'Passwords do not match',
    });
  });
  it('change password needs the current one; forgot password the national id', () => {
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: '',
          newPassword: 'Abcdefgh1',
          confirmNewPassword: 'Abcdefgh1',
        }),
      ),
    ).toEqual({ currentPassword: 'This field is required.' });
    expect(messages(forgotPasswordSchema.safeParse({ nationalId: ' ' }))).toEqual({
      nationalId: 'This field is required.',
    });
  });
});

// A Persian (or an Arabic) phone keyboard types its own digits: read, and sent, as Latin ones (record 3001).
describe('digits typed on a Persian keyboard', () => {
  const persian = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);
  const arabic = (text: string) => text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]);
  it('sign-up starts with a Persian national ID and mobile, sent in Latin digits', () => {
    const typed = { type: CUSTOMER_TYPES[0], isForeign: false, companyId: '' };
    const started = startSchema.parse({
      ...typed,
      nationalId: persian('4325031880'),
      phoneNumber: persian('09121091046'),
    });
    expect([started.nationalId, started.phoneNumber]).toEqual(['4325031880', '09121091046']);
  });
  it('an individual form in Persian or Arabic-Indic digits is taken in Latin ones', () => {
    const form = { ...individual, nationalId: persian('0012345678') };
    for (const key of ['birthDate', 'phone', 'fax', 'postalCode'] as const) form[key] = persian(individual[key]);
    form.fax = arabic(individual.fax);
    const parsed = individualSchema.parse(form);
    expect(parsed).toEqual({ ...individual, nationalId: '0012345678' });
    expect(
      individualProfileSchema.safeParse({ ...form, industry: '', destinations: '', typeOfOperation: '' }).success,
    ).toBe(true);
  });
  it("a company's codes are Latin digits; letters in them are refused", () => {
    const form = { ...domestic };
    for (const key of ['economicCode', 'registrationCode', 'postalCode', 'fax', 'phone'] as const)
      form[key] = persian(domestic[key]);
    expect(domesticSchema.parse(form)).toEqual(domestic);
    const letters = { ...domestic, economicCode: '1234567890X', registrationCode: '65432X', postalCode: '123456789X' };
    expect(messages(domesticSchema.safeParse(letters))).toEqual({
      economicCode: 'Invalid economic code.',
      registrationCode: 'Invalid registration number.',
      postalCode: 'Invalid postal code.',
    });
    expect(messages(individualSchema.safeParse({ ...individual, postalCode: 'ABCDEFGHIJ' }))).toEqual({
      postalCode: 'Invalid postal code.',
    });
  });
  it('forgot password reads a Persian national ID', () => {
    expect(forgotPasswordSchema.parse({ nationalId: persian('0012345678') }).nationalId).toBe('0012345678');
  });
});
