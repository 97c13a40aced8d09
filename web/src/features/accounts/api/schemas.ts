/**
 * The accounts forms' zod schemas with spec 000 section 5's messages, read from the catalogue the server reads
 * too (contract/validation-messages.json): the server checks the same rules and answers the same words in
 * `error.fields` under the wire keys.
 */
import { z } from 'zod';
import { latinDigits } from '@/i18n/digits';
import { isTooGuessable } from '@/lib/common-passwords';
import { message, said } from '@/lib/messages';
import { MOBILE_PATTERN, normaliseMobile } from '@/lib/phone';

const REQUIRED = said('common.requiredShort');
const REQUIRED_FIELD = said('accounts.identity.required');
const THIS_FIELD_IS_REQUIRED = said('common.required');
/** A foreign company's phone, international ("+49 40 1234 5678"): the server's FOREIGN_PHONE_SOURCE, word for word. */
export const FOREIGN_PHONE_PATTERN = /^\+?\(?[0-9](?:[ ().-]{0,2}[0-9]){6,14}$/;
/** A foreign company's postal code in its own country's format ("20095", "SW1A 1AA"): the server's
 * FOREIGN_POSTAL_CODE_SOURCE, word for word. */
export const FOREIGN_POSTAL_CODE_PATTERN = /^(?=.{3,10}$)[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/;
const FAX_PATTERN = /^0\d{2}\d{8}$/;
const BIRTH_DATE_PATTERN = /^\d{4}\/\d{2}\/\d{2}$/;

const text = () => z.string().trim();
/** A field of digits (an ID, a phone, a code): Persian or Arabic-Indic digits are read and sent as Latin (3001). */
const digits = () => text().overwrite(latinDigits);
const required = (wording = REQUIRED) => text().min(1, wording);
const requiredDigits = (wording = REQUIRED) => digits().min(1, wording);
/** Iran's postal, economic and registration codes: digits only (the server's DIGITS). */
const DIGITS_PATTERN = /^\d+$/;
const exactly = (length: number) => said('common.text.exact', { length });

// -- registration start -----------------------------------------------------------------------------------

export const CUSTOMER_TYPES = [
  { name: 'Individual Person', value: 1 },
  { name: 'Company', value: 2 },
] as const;

export const startSchema = z
  .object({
    type: z.object({ name: z.string().min(1), value: z.number() }, REQUIRED).nullable(),
    isForeign: z.boolean(),
    nationalId: digits(),
    companyId: digits(),
    phoneNumber: digits(),
  })
  .superRefine((values, ctx) => {
    if (!values.type) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: REQUIRED.error() });
      return;
    }
    const individual = values.type.value === 1;
    if (individual && !values.nationalId)
      ctx.addIssue({ code: 'custom', path: ['nationalId'], message: REQUIRED_FIELD.error() });
    if (!individual && !values.companyId)
      ctx.addIssue({ code: 'custom', path: ['companyId'], message: REQUIRED_FIELD.error() });
    if (individual || !values.isForeign) {
      if (!values.phoneNumber) {
        ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: message('accounts.phone.required') });
      } else if (!MOBILE_PATTERN.test(normaliseMobile(values.phoneNumber))) {
        ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: message('accounts.phone.invalid') });
      }
    }
  });
export type StartFormValues = z.input<typeof startSchema>;

// -- individual ---------------------------------------------------------------------------------------------

// Phone, fax, e-mail and address: one wording for one rule, the companies' (the server says the same).
// An Iranian mobile as people write it (spaces, +98): the server keeps it as 09 and 9 digits.
const phone = requiredDigits(said('accounts.phone.required')).refine(
  (v) => MOBILE_PATTERN.test(normaliseMobile(v)),
  said('accounts.phone.invalid'),
);
// Fax is optional on every form (few still have one); when given it is a landline number.
const fax = digits().refine((v) => v === '' || FAX_PATTERN.test(v), said('accounts.fax.invalid'));
// A foreign company's is international, as its phone is.
const foreignFax = digits().refine(
  (v) => v === '' || FOREIGN_PHONE_PATTERN.test(v),
  said('accounts.fax.foreignInvalid'),
);
const email = required(said('accounts.email.required')).pipe(z.email(said('accounts.email.invalid')));
const address = required(said('accounts.address.required')).min(8, said('accounts.address.min'));

const individualFields = {
  firstName: required(),
  lastName: required(),
  birthDate: requiredDigits().regex(BIRTH_DATE_PATTERN, said('accounts.birthDate.invalid')),
  nationalId: requiredDigits(REQUIRED_FIELD),
  phone,
  fax,
  email,
  address,
};

export const individualSchema = z.object({
  ...individualFields,
  postalCode: requiredDigits().length(10, exactly(10)).regex(DIGITS_PATTERN, said('accounts.postalCode.invalid')),
});
export type IndividualValues = z.input<typeof individualSchema>;

export const individualProfileSchema = z.object({
  ...individualFields,
  postalCode: digits()
    .refine((v) => v === '' || v.length === 10, exactly(10))
    .refine((v) => v === '' || DIGITS_PATTERN.test(v), said('accounts.postalCode.invalid')),
  industry: text(),
  destinations: text(),
  typeOfOperation: z.enum(['', 'Export', 'Import'], said('accounts.typeOfOperation.enum')),
});
export type IndividualProfileValues = z.input<typeof individualProfileSchema>;

// -- companies ----------------------------------------------------------------------------------------------

const companyName = required(said('accounts.companyName.required')).min(4, said('accounts.companyName.min'));
/** A required code of `length` digits at the least, one wording for every way it is wrong. */
const codeOfDigits = (length: number, wording: ReturnType<typeof said>) =>
  requiredDigits(wording).min(length, wording).regex(DIGITS_PATTERN, wording);
const postalCode = codeOfDigits(10, said('accounts.postalCode.invalid'));
const nationalCode = requiredDigits(said('accounts.identity.invalid'));
const contactPerson = required(said('accounts.contactPerson.required'));

export const domesticSchema = z.object({
  name: companyName,
  contactPerson: contactPerson.min(4, said('accounts.contactPerson.min')),
  economicCode: codeOfDigits(11, said('accounts.economicCode.invalid')),
  registrationCode: codeOfDigits(6, said('accounts.registrationCode.invalid')),
  nationalCode,
  phone,
  fax,
  email,
  address,
  postalCode,
});
export type DomesticValues = z.input<typeof domesticSchema>;

export const foreignSchema = z.object({
  name: companyName,
  contactPerson,
  nationalCode,
  phone: requiredDigits(said('accounts.phone.required')).regex(
    FOREIGN_PHONE_PATTERN,
    said('accounts.phone.foreignInvalid'),
  ),
  fax: foreignFax,
  email,
  address,
  postalCode: requiredDigits(said('accounts.postalCode.invalid')).regex(
    FOREIGN_POSTAL_CODE_PATTERN,
    said('accounts.postalCode.invalid'),
  ),
});
export type ForeignValues = z.input<typeof foreignSchema>;

/** The profile forms: e-mail and phone of companies are not part of their PUT and are shown read-only. */
export const domesticProfileSchema = domesticSchema.omit({ email: true, phone: true });
export type DomesticProfileValues = z.input<typeof domesticProfileSchema>;
export const foreignProfileSchema = foreignSchema.omit({ email: true, phone: true });
export type ForeignProfileValues = z.input<typeof foreignProfileSchema>;

// -- verification, passwords, review -----------------------------------------------------------------------

const newPasswordFields = {
  newPassword: z
    .string()
    .min(1, THIS_FIELD_IS_REQUIRED)
    .min(8, said('accounts.password.min'))
    .regex(/[A-Z]/, said('accounts.password.uppercase'))
    .regex(/\d/, said('accounts.password.digit'))
    .refine((value) => !isTooGuessable(value), said('accounts.password.common')),
  confirmNewPassword: z.string().min(1, THIS_FIELD_IS_REQUIRED),
};

const passwordsMatch = (values: { newPassword: string; confirmNewPassword: string }) =>
  values.newPassword === values.confirmNewPassword || values.confirmNewPassword === '';
const MATCH_ISSUE = { path: ['confirmNewPassword'], ...said('accounts.password.mismatch') };

export const newPasswordSchema = z.object(newPasswordFields).refine(passwordsMatch, MATCH_ISSUE);
export type NewPasswordValues = z.input<typeof newPasswordSchema>;

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, THIS_FIELD_IS_REQUIRED), ...newPasswordFields })
  .refine(passwordsMatch, MATCH_ISSUE);
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({ nationalId: requiredDigits(THIS_FIELD_IS_REQUIRED) });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;
