/**
 * The accounts forms' zod schemas with spec 000 section 5's messages, word for word. The server checks the
 * same rules (domain/accounts/forms.py) and answers its messages in `error.fields` under the wire keys.
 */
import { z } from 'zod';

const REQUIRED = 'Required';
const REQUIRED_FIELD = 'required field';
const THIS_FIELD_IS_REQUIRED = 'This field is required.';
const PHONE_PATTERN = /^09\d{9}$/;
const FAX_PATTERN = /^0\d{2}\d{8}$/;
const BIRTH_DATE_PATTERN = /^\d{4}\/\d{2}\/\d{2}$/;

const text = () => z.string().trim();
const required = (message = REQUIRED) => text().min(1, message);
const atLeast = (n: number) => `String must contain at least ${n} character(s)`;

// -- registration start -----------------------------------------------------------------------------------

export const CUSTOMER_TYPES = [
  { name: 'Individual Person', value: 1 },
  { name: 'Company', value: 2 },
] as const;

export const startSchema = z
  .object({
    type: z.object({ name: z.string().min(1), value: z.number() }, { error: REQUIRED }).nullable(),
    isForeign: z.boolean(),
    nationalId: text(),
    companyId: text(),
    phoneNumber: text(),
  })
  .superRefine((values, ctx) => {
    if (!values.type) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: REQUIRED });
      return;
    }
    const individual = values.type.value === 1;
    if (individual && !values.nationalId) ctx.addIssue({ code: 'custom', path: ['nationalId'], message: REQUIRED_FIELD });
    if (!individual && !values.companyId) ctx.addIssue({ code: 'custom', path: ['companyId'], message: REQUIRED_FIELD });
    if (individual || !values.isForeign) {
      if (!values.phoneNumber) {
        ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'Phone number is required.' });
      } else if (!PHONE_PATTERN.test(values.phoneNumber)) {
        ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'Invalid phone number.' });
      }
    }
  });
export type StartFormValues = z.input<typeof startSchema>;

// -- individual ---------------------------------------------------------------------------------------------

const individualFields = {
  firstName: required(),
  lastName: required(),
  birthDate: required().regex(BIRTH_DATE_PATTERN, 'Invalid date'),
  nationalId: required(REQUIRED_FIELD),
  phone: required().regex(PHONE_PATTERN, 'Invalid phone number.'),
  fax: required().regex(FAX_PATTERN, 'fax invalid'),
  email: required().pipe(z.email('Invalid email')),
  address: required().min(8, atLeast(8)),
};

export const individualSchema = z.object({
  ...individualFields,
  postalCode: required().length(10, 'String must contain exactly 10 character(s)'),
});
export type IndividualValues = z.input<typeof individualSchema>;

export const individualProfileSchema = z.object({
  ...individualFields,
  postalCode: text().refine((v) => v === '' || v.length === 10, 'String must contain exactly 10 character(s)'),
  industry: text(),
  destinations: text(),
  typeOfOperation: z.enum(['', 'Export', 'Import'], { error: "Invalid enum value. Expected 'Export' | 'Import'" }),
});
export type IndividualProfileValues = z.input<typeof individualProfileSchema>;

// -- companies ----------------------------------------------------------------------------------------------

const companyName = required('Company name is required.').min(4, 'Company name must be at least 4 characters.');
const email = required('Email is required.').pipe(z.email('Invalid email address.'));
const address = required('Address is required.').min(8, 'Address must be at least 8 characters.');
const postalCode = required('Invalid postal code.').min(10, 'Invalid postal code.');
const phone = required('Phone number is required.').regex(PHONE_PATTERN, 'Invalid phone number.');
const nationalCode = required('Invalid national code.');

export const domesticSchema = z.object({
  name: companyName,
  contactPerson: required('Contact person is required.').min(4, 'Contact person must be at least 4 characters.'),
  economicCode: required('Invalid economic code.').min(11, 'Invalid economic code.'),
  registrationCode: required('Invalid registration number.').min(6, 'Invalid registration number.'),
  nationalCode,
  phone,
  fax: required('Invalid fax number.').regex(FAX_PATTERN, 'Invalid fax number.'),
  email,
  address,
  postalCode,
});
export type DomesticValues = z.input<typeof domesticSchema>;

export const foreignSchema = z.object({
  name: companyName,
  contactPerson: required('Contact person is required.'),
  nationalCode,
  phone,
  fax: text().refine((v) => v === '' || FAX_PATTERN.test(v), 'Invalid fax number format'),
  email,
  address,
  postalCode,
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
    .min(8, THIS_FIELD_IS_REQUIRED)
    .regex(/[A-Z]/, 'Password must include an uppercase letter')
    .regex(/\d/, 'Password must include a number'),
  confirmNewPassword: z.string().min(1, THIS_FIELD_IS_REQUIRED),
};

const passwordsMatch = (values: { newPassword: string; confirmNewPassword: string }) =>
  values.newPassword === values.confirmNewPassword || values.confirmNewPassword === '';
const MATCH_ISSUE = { path: ['confirmNewPassword'], message: 'Passwords do not match' };

export const newPasswordSchema = z.object(newPasswordFields).refine(passwordsMatch, MATCH_ISSUE);
export type NewPasswordValues = z.input<typeof newPasswordSchema>;

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, THIS_FIELD_IS_REQUIRED), ...newPasswordFields })
  .refine(passwordsMatch, MATCH_ISSUE);
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({ nationalId: required(THIS_FIELD_IS_REQUIRED) });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;
