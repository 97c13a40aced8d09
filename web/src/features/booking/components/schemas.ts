/**
 * Form rules of spec 001 section 5. A rule the server checks too takes its wording from the shared catalogue
 * (src/lib/messages); the rest (dropdown choices, the container picker) exist only in these forms.
 */
import { z } from 'zod';
import { message } from '@/lib/messages';
import { PHONE_PATTERN } from '@/lib/phone';

const REQUIRED = message('common.required');
export const DANGER_FILE_MISSING = message('booking.msds.required');

const option = (label: string) =>
  z
    .object({ name: z.string(), value: z.number() }, { error: `${label} is Required` })
    .nullable()
    .refine((o) => o !== null && o.value >= 1, { message: `${label} is Required` });

const requiredText = z.string({ error: REQUIRED }).trim().min(1, REQUIRED);

export const rateRequestSchema = z
  .object({
    commodity: requiredText,
    hsCode: requiredText.regex(/^\d{6,10}$/, message('booking.hsCode.pattern')),
    preferredShippingDate: requiredText,
    quantity: z
      .string()
      .trim()
      .min(1, REQUIRED)
      .refine((v) => /^\d+$/.test(v) && Number(v) >= 1, message('booking.quantity.min'))
      .refine((v) => !/^\d+$/.test(v) || Number(v) <= 1000, message('booking.quantity.max')),
    isSwbl: z.boolean(),
    isDanger: z.boolean(),
    msds: z.string().nullable(),
    additionalComment: z.string(),
    pol: option('POL'),
    pod: option('POD'),
    containerType: option('Container Type'),
    containerSize: option('Container Size'),
  })
  .refine((v) => !v.pol || !v.pod || v.pol.value !== v.pod.value, {
    path: ['pod'],
    message: message('booking.pod.samePort'),
  });

export type RateRequestFormValues = z.input<typeof rateRequestSchema>;

/** True when the form may be sent; the missing danger file is a toast, not a field error (section 5). */
export function dangerFileMissing(values: Pick<RateRequestFormValues, 'isDanger' | 'msds'>): boolean {
  return values.isDanger && !values.msds;
}

// The notify party's fields repeat the party rules under their own labels ("Notify Party Full Name is required").
const mobile = (prefix = '') =>
  z
    .string()
    .trim()
    .min(1, `${prefix}${message('booking.party.phoneRequired')}`)
    .regex(PHONE_PATTERN, `${prefix}${message('booking.party.phoneInvalid')}`);

export const supplierSchema = z.object({
  fullName: z.string().trim().min(1, message('booking.party.nameRequired')),
  mobileNumber: mobile(),
  fax: z.string(),
  fullAddress: z.string().trim().min(1, message('booking.party.addressRequired')),
});
export type SupplierValues = z.infer<typeof supplierSchema>;

export const consigneeSchema = supplierSchema.extend({
  notifyParty: z.boolean(),
  notifyFullName: z.string().trim().min(1, `Notify Party ${message('booking.party.nameRequired')}`),
  notifyMobileNumber: mobile('Notify Party '),
  notifyFax: z.string(),
  notifyFullAddress: z.string().trim().min(1, `Notify Party ${message('booking.party.addressRequired')}`),
});
export type ConsigneeValues = z.infer<typeof consigneeSchema>;

export const containerRowSchema = z.object({
  container: z
    .object({ name: z.string(), value: z.number() })
    .nullable()
    .refine((v) => v !== null, 'Container Number is required'),
  seal: z.string().trim().min(1, message('booking.seal.required')),
  count: z
    .string()
    .trim()
    .min(1, message('booking.count.required'))
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1, message('booking.count.min')),
  type: z.number({ error: 'Type Of Packages is required' }),
  grossWeight: z
    .string()
    .trim()
    .min(1, message('booking.grossWeight.required'))
    .refine((v) => Number(v) > 0, message('booking.grossWeight.positive')),
  netWeight: z
    .string()
    .trim()
    .min(1, message('booking.netWeight.required'))
    .refine((v) => Number(v) > 0, message('booking.netWeight.positive')),
}).refine((v) => !v.grossWeight || !v.netWeight || Number(v.netWeight) <= Number(v.grossWeight), {
  path: ['netWeight'],
  message: message('booking.netWeight.exceedsGross'),
});
export type ContainerRowValues = z.input<typeof containerRowSchema>;

const IMCO_CLASSES = [
  '1', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '2.1', '2.2', '2.3', '3', '4.1', '4.2', '4.3', '5.1', '5.2',
  '6.1', '6.2', '7', '8', '9',
];

const FIELD_REQUIRED = message('booking.order.fieldRequired');

/** The order form; hazardous and reefer fields are required only for such requests. */
export function shippingOrderSchema(options: { isDanger: boolean; isReefer: boolean }) {
  return z
    .object({
      isSWBL: z.boolean(),
      /** Form value: 0 Collect, 1 Prepaid. */
      freight: z.number(),
      cargoDescription: z.string().trim().min(1, message('booking.cargoDescription.required')),
      imcoClass: z.string(),
      unNumber: z.string(),
      temprature: z.string(),
      humidity: z.string(),
      hasVentilation: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (options.isDanger) {
        if (!v.imcoClass.trim()) ctx.addIssue({ code: 'custom', path: ['imcoClass'], message: FIELD_REQUIRED });
        else if (!IMCO_CLASSES.includes(v.imcoClass.trim()))
          ctx.addIssue({ code: 'custom', path: ['imcoClass'], message: message('booking.imcoClass.enum') });
        if (!v.unNumber.trim()) ctx.addIssue({ code: 'custom', path: ['unNumber'], message: FIELD_REQUIRED });
        else if (!/^\d{4}$/.test(v.unNumber.trim()))
          ctx.addIssue({ code: 'custom', path: ['unNumber'], message: message('booking.unNumber.pattern') });
      }
      if (options.isReefer) {
        if (!v.temprature.trim()) ctx.addIssue({ code: 'custom', path: ['temprature'], message: FIELD_REQUIRED });
        else if (!(Number(v.temprature) >= -40 && Number(v.temprature) <= 40))
          ctx.addIssue({ code: 'custom', path: ['temprature'], message: message('booking.temperature.range') });
        if (!v.humidity.trim()) ctx.addIssue({ code: 'custom', path: ['humidity'], message: FIELD_REQUIRED });
        else if (!(Number(v.humidity) >= 0 && Number(v.humidity) <= 100))
          ctx.addIssue({ code: 'custom', path: ['humidity'], message: message('booking.humidity.range') });
      }
    });
}
export type ShippingOrderValues = z.infer<ReturnType<typeof shippingOrderSchema>>;

/** Spec 001 section 3: form 0 (Collect) is sent as 1, anything else as 2. */
export function frightType(freight: number): number {
  return freight === 0 ? 1 : 2;
}
/** The inverse for an order read back (wire 1 Collect, 2 Prepaid). */
export function freightFormValue(wire: number | null | undefined): number {
  return wire === 2 ? 1 : 0;
}
