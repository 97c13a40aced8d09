/**
 * Form rules of spec 001 section 5. A rule the server checks too takes its wording from the shared catalogue
 * (src/lib/messages); the rest (dropdown choices, the container picker) exist only in these forms.
 */
import { parseDate } from '@internationalized/date';
import i18next from 'i18next';
import { z } from 'zod';
import { isDate, localDay, notADay } from '@/components/ui/date-field';
import limits from '../../../../../contract/booking-limits.json';
import { latinDigits } from '@/i18n/digits';
import { fieldLabel } from '@/lib/field-words';
import { message, said } from '@/lib/messages';
import { FORM_FIELDS, freightFormValue, frightType, orderFormErrors } from '@/lib/order-fields';
import type { OrderFormValues } from '@/lib/order-fields';
import { PHONE_PATTERN } from '@/lib/phone';

// Every wording is read when a rule fails (`said`, `worded`): in the language the reader has then.
const REQUIRED = said('common.required');
const worded = (rule: 'date' | 'containerRequired' | 'packagesRequired') => ({
  error: () => i18next.t(`booking:formRules.${rule}`),
});

type Chosen = 'pol' | 'pod' | 'containerType' | 'containerSize';
/** The form's chosen things by the booking's field each sets, as the contract names it (contract/field-labels.json:
 * the ports' and the container's words, as the server's messages and the trail say them). */
export const CHOSEN_FIELDS: Readonly<Record<Chosen, string>> = {
  pol: 'polId',
  pod: 'podId',
  containerType: 'containerTypeId',
  containerSize: 'containerSizeId',
};

/** A choice the form requires: "Port of loading is Required", the field named as its label names it. */
const option = (field: Chosen) => {
  const missing = {
    error: () => i18next.t('common:dropdown.required', { label: fieldLabel(CHOSEN_FIELDS[field]) }),
  };
  return z
    .object({ name: z.string(), value: z.number() }, missing)
    .nullable()
    .refine((o) => o !== null && o.value >= 1, missing);
};

/**
 * The last day a shipping date may lie on: the same day two calendar years after the reader's today (a 29
 * February's, the 28th), the server's limit, from the one file both read (decision 3917).
 */
const lastShippingDay = () => parseDate(localDay()).add({ years: limits.shippingHorizonYears }).toString();

const requiredText = z.string(REQUIRED).trim().min(1, REQUIRED);
/** A field of digits: Persian or Arabic-Indic digits are read and sent as Latin ones (record 3001). */
const digits = () => z.string().trim().overwrite(latinDigits);

export const rateRequestSchema = z
  .object({
    commodity: requiredText,
    hsCode: digits()
      .min(1, REQUIRED)
      .regex(/^\d{6,10}$/, said('booking.hsCode.pattern')),
    // A day its month lacks (1405/12/30 in a common year) is told so, not asked again for its format.
    preferredShippingDate: requiredText
      .refine(isDate, {
        error: (issue) => notADay(String(issue.input), worded('date').error),
        abort: true,
      })
      // Against the shipper's own day, in the server's words: the server, not knowing her zone, refuses only a
      // day past (or too far) on every clock (record 3897); her browser knows which day it is for her.
      .refine((day) => day >= localDay(), said('booking.preferredShippingDate.past'))
      .refine((day) => day <= lastShippingDay(), said('booking.preferredShippingDate.far')),
    quantity: digits()
      .min(1, REQUIRED)
      .refine((v) => /^\d+$/.test(v) && Number(v) >= 1, said('booking.quantity.min'))
      .refine((v) => !/^\d+$/.test(v) || Number(v) <= 1000, said('booking.quantity.max')),
    isSwbl: z.boolean(),
    isDanger: z.boolean(),
    msds: z.string().nullable(),
    additionalComment: z.string(),
    pol: option('pol'),
    pod: option('pod'),
    containerType: option('containerType'),
    containerSize: option('containerSize'),
  })
  .refine((v) => !v.pol || !v.pod || v.pol.value !== v.pod.value, {
    path: ['pod'],
    ...said('booking.pod.samePort'),
  });

export type RateRequestFormValues = z.input<typeof rateRequestSchema>;

/** True when the form may be sent; the missing danger file is a toast, not a field error (section 5). */
export function dangerFileMissing(values: Pick<RateRequestFormValues, 'isDanger' | 'msds'>): boolean {
  return values.isDanger && !values.msds;
}

// The notify party's fields repeat the party rules under their own name ("Notify Party Full Name is required").
const notifying = (key: Parameters<typeof said>[0]) => ({
  error: () => i18next.t('booking:formRules.notifyParty', { rule: message(key) }),
});
const mobile = (notify = false) =>
  digits()
    .min(1, notify ? notifying('booking.party.phoneRequired') : said('booking.party.phoneRequired'))
    .regex(PHONE_PATTERN, notify ? notifying('booking.party.phoneInvalid') : said('booking.party.phoneInvalid'));

export const supplierSchema = z.object({
  fullName: z.string().trim().min(1, said('booking.party.nameRequired')),
  mobileNumber: mobile(),
  fax: digits(),
  fullAddress: z.string().trim().min(1, said('booking.party.addressRequired')),
});
export type SupplierValues = z.infer<typeof supplierSchema>;

export const consigneeSchema = supplierSchema.extend({
  notifyParty: z.boolean(),
  notifyFullName: z.string().trim().min(1, notifying('booking.party.nameRequired')),
  notifyMobileNumber: mobile(true),
  notifyFax: digits(),
  notifyFullAddress: z.string().trim().min(1, notifying('booking.party.addressRequired')),
});
export type ConsigneeValues = z.infer<typeof consigneeSchema>;

export const containerRowSchema = z
  .object({
    container: z
      .object({ name: z.string(), value: z.number() })
      .nullable()
      .refine((v) => v !== null, worded('containerRequired')),
    seal: z.string().trim().min(1, said('booking.seal.required')),
    count: digits()
      .min(1, said('booking.count.required'))
      .refine((v) => /^\d+$/.test(v) && Number(v) >= 1, said('booking.count.min')),
    type: z.number(worded('packagesRequired')),
    grossWeight: digits()
      .min(1, said('booking.grossWeight.required'))
      .refine((v) => Number(v) > 0, said('booking.grossWeight.positive')),
    netWeight: digits()
      .min(1, said('booking.netWeight.required'))
      .refine((v) => Number(v) > 0, said('booking.netWeight.positive')),
  })
  .refine((v) => !v.grossWeight || !v.netWeight || Number(v.netWeight) <= Number(v.grossWeight), {
    path: ['netWeight'],
    ...said('booking.netWeight.exceedsGross'),
  });
export type ContainerRowValues = z.input<typeof containerRowSchema>;

/** The order form, built from the order's field list (src/lib/order-fields: each field's kind, when it
 * applies and its rule), so a new field needs no rule written here; hazardous and reefer fields are required
 * only for such requests. */
export function shippingOrderSchema(request: {
  isDanger: boolean;
  isReefer: boolean;
}): z.ZodType<OrderFormValues, OrderFormValues> {
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
