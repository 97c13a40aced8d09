/**
 * Form rules of spec 001 section 5. A rule the server checks too takes its wording from the shared catalogue
 * (src/lib/messages); the rest (dropdown choices, the container picker) exist only in these forms.
 */
import { z } from 'zod';
import { isDate } from '@/components/ui/date-field';
import { message } from '@/lib/messages';
import { FORM_FIELDS, freightFormValue, frightType, orderFormErrors } from '@/lib/order-fields';
import type { OrderFormValues } from '@/lib/order-fields';
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
    preferredShippingDate: requiredText.refine(isDate, 'A date as YYYY/MM/DD, e.g. 2026/12/10'),
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

/** The order form, built from the order's field list (src/lib/order-fields: each field's kind, when it
 * applies and its rule), so a new field needs no rule written here; hazardous and reefer fields are required
 * only for such requests. */
export function shippingOrderSchema(request: { isDanger: boolean; isReefer: boolean }): z.ZodType<OrderFormValues, OrderFormValues> {
  const shape = Object.fromEntries(
    FORM_FIELDS.map((f) => [f.key, f.kind === 'yesNo' ? z.boolean() : f.kind === 'freight' ? z.number() : z.string()]),
  );
  return z.object(shape).superRefine((values, ctx) => {
    for (const [key, wording] of Object.entries(orderFormErrors(values, request)))
      ctx.addIssue({ code: 'custom', path: [key], message: wording });
  }) as unknown as z.ZodType<OrderFormValues, OrderFormValues>;
}
export type ShippingOrderValues = OrderFormValues;
export { frightType, freightFormValue };
