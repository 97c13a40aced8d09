/** Form rules of spec 001 section 5 with its messages; shared keys use the server's 'This field is required.'. */
import { z } from 'zod';

const REQUIRED = 'This field is required.';
export const DANGER_FILE_MISSING = 'Please Upload Danger File !';

const option = (label: string) =>
  z
    .object({ name: z.string(), value: z.number() }, { error: `${label} is Required` })
    .nullable()
    .refine((o) => o !== null && o.value >= 1, { message: `${label} is Required` });

const requiredText = z.string({ error: REQUIRED }).trim().min(1, REQUIRED);

export const rateRequestSchema = z
  .object({
    commodity: requiredText,
    hsCode: requiredText.regex(/^\d{6,10}$/, 'HS code must be 6 to 10 digits'),
    preferredShippingDate: requiredText,
    quantity: z
      .string()
      .trim()
      .min(1, REQUIRED)
      .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 1000, 'Quantity must be a positive whole number'),
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
    message: 'POD must differ from POL',
  });

export type RateRequestFormValues = z.input<typeof rateRequestSchema>;

/** True when the form may be sent; the missing danger file is a toast, not a field error (section 5). */
export function dangerFileMissing(values: Pick<RateRequestFormValues, 'isDanger' | 'msds'>): boolean {
  return values.isDanger && !values.msds;
}

const mobile = (prefix = '') =>
  z
    .string()
    .trim()
    .min(1, `${prefix}Mobile Number is required`)
    .regex(/^\d+$/, `${prefix}Mobile Number must be numeric`);

export const supplierSchema = z.object({
  fullName: z.string().trim().min(1, 'Full Name is required'),
  mobileNumber: mobile(),
  fax: z.string(),
  fullAddress: z.string().trim().min(1, 'Full Address is required'),
});
export type SupplierValues = z.infer<typeof supplierSchema>;

export const consigneeSchema = supplierSchema.extend({
  notifyParty: z.boolean(),
  notifyFullName: z.string().trim().min(1, 'Notify Party Full Name is required'),
  notifyMobileNumber: mobile('Notify Party '),
  notifyFax: z.string(),
  notifyFullAddress: z.string().trim().min(1, 'Notify Party Full Address is required'),
});
export type ConsigneeValues = z.infer<typeof consigneeSchema>;

export const containerRowSchema = z.object({
  container: z
    .object({ name: z.string(), value: z.number() })
    .nullable()
    .refine((v) => v !== null, 'Container Number is required'),
  seal: z.string().trim().min(1, 'Seal is required'),
  count: z
    .string()
    .trim()
    .min(1, 'count is required')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1, 'count must be a positive whole number'),
  type: z.number({ error: 'Type Of Packages is required' }),
  grossWeight: z
    .string()
    .trim()
    .min(1, 'Gross Weight is required')
    .refine((v) => Number(v) > 0, 'Gross Weight must be a positive number'),
  netWeight: z
    .string()
    .trim()
    .min(1, 'Net Weight is required')
    .refine((v) => Number(v) > 0, 'Net Weight must be a positive number'),
}).refine((v) => !v.grossWeight || !v.netWeight || Number(v.netWeight) <= Number(v.grossWeight), {
  path: ['netWeight'],
  message: 'Net Weight cannot exceed Gross Weight',
});
export type ContainerRowValues = z.input<typeof containerRowSchema>;

const IMCO_CLASSES = [
  '1', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '2.1', '2.2', '2.3', '3', '4.1', '4.2', '4.3', '5.1', '5.2',
  '6.1', '6.2', '7', '8', '9',
];

const FIELD_REQUIRED = 'This Field is required';

/** The order form; hazardous and reefer fields are required only for such requests. */
export function shippingOrderSchema(options: { isDanger: boolean; isReefer: boolean }) {
  return z
    .object({
      isSWBL: z.boolean(),
      /** Form value: 0 Collect, 1 Prepaid. */
      freight: z.number(),
      cargoDescription: z.string().trim().min(1, 'Cargo Description is required'),
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
          ctx.addIssue({ code: 'custom', path: ['imcoClass'], message: 'IMCO class must be an IMDG class (1-9)' });
        if (!v.unNumber.trim()) ctx.addIssue({ code: 'custom', path: ['unNumber'], message: FIELD_REQUIRED });
        else if (!/^\d{4}$/.test(v.unNumber.trim()))
          ctx.addIssue({ code: 'custom', path: ['unNumber'], message: 'UN No must be 4 digits' });
      }
      if (options.isReefer) {
        if (!v.temprature.trim()) ctx.addIssue({ code: 'custom', path: ['temprature'], message: FIELD_REQUIRED });
        else if (!(Number(v.temprature) >= -40 && Number(v.temprature) <= 40))
          ctx.addIssue({ code: 'custom', path: ['temprature'], message: 'Temperature must be between -40 and 40' });
        if (!v.humidity.trim()) ctx.addIssue({ code: 'custom', path: ['humidity'], message: FIELD_REQUIRED });
        else if (!(Number(v.humidity) >= 0 && Number(v.humidity) <= 100))
          ctx.addIssue({ code: 'custom', path: ['humidity'], message: 'Humidity must be between 0 and 100' });
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
