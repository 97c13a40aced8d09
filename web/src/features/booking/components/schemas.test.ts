import { describe, expect, it } from 'vitest';
import { localDay } from '@/components/ui/date-field';
import { message } from '@/lib/messages';
import { orderFormValues } from '@/lib/order-fields';
import {
  consigneeSchema,
  containerRowSchema,
  dangerFileMissing,
  freightFormValue,
  frightType,
  rateRequestSchema,
  shippingOrderSchema,
  supplierSchema,
} from './schemas';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  // The form shows the first message per field, as zodResolver does.
  Object.fromEntries([...(result.error?.issues ?? [])].reverse().map((i) => [i.path.join('.'), i.message]));

const port = (value: number) => ({ name: `P${value}`, value });
const validRate = {
  commodity: 'Pistachios',
  hsCode: '080251',
  // A month ahead of the reader's day: within the two years a shipping date may lie ahead.
  preferredShippingDate: localDay(30),
  quantity: '2',
  isSwbl: false,
  isDanger: false,
  msds: null,
  additionalComment: '',
  pol: port(1),
  pod: port(2),
  containerType: port(1),
  containerSize: port(2),
};

describe('rate request rules', () => {
  it('accepts a complete request', () => {
    expect(rateRequestSchema.safeParse(validRate).success).toBe(true);
  });
  it('requires commodity, hsCode, date, quantity and the four choices', () => {
    const result = rateRequestSchema.safeParse({
      ...validRate,
      commodity: ' ',
      hsCode: '',
      preferredShippingDate: '',
      quantity: '',
      pol: null,
      pod: null,
      containerType: null,
      containerSize: null,
    });
    expect(messages(result)).toMatchObject({
      commodity: 'This field is required.',
      hsCode: 'This field is required.',
      preferredShippingDate: 'This field is required.',
      quantity: 'This field is required.',
      pol: 'Port of loading is Required',
      pod: 'Port of discharge is Required',
      containerType: 'Container type is Required',
      containerSize: 'Container size is Required',
    });
  });
  it('checks quantity, HS code and distinct ports', () => {
    const result = rateRequestSchema.safeParse({ ...validRate, quantity: '1.5', hsCode: '12ab', pod: port(1) });
    expect(messages(result)).toEqual({
      quantity: 'Quantity must be a positive whole number',
      hsCode: 'HS code must be 6 to 10 digits',
      pod: message('booking.pod.samePort'),
    });
  });
  it('words a quantity above 1000 as the server does', () => {
    const result = rateRequestSchema.safeParse({ ...validRate, quantity: '1001' });
    expect(messages(result)).toEqual({ quantity: message('booking.quantity.max') });
  });
  it('asks for the danger file only when dangerous goods are declared', () => {
    expect(dangerFileMissing({ isDanger: true, msds: null })).toBe(true);
    expect(dangerFileMissing({ isDanger: true, msds: 'f1' })).toBe(false);
    expect(dangerFileMissing({ isDanger: false, msds: null })).toBe(false);
  });
});

describe('party rules', () => {
  it('supplier messages', () => {
    const result = supplierSchema.safeParse({ fullName: '', mobileNumber: '', fax: '', fullAddress: '' });
    expect(messages(result)).toEqual({
      fullName: 'Full Name is required',
      mobileNumber: 'Mobile Number is required',
      fullAddress: 'Full Address is required',
    });
    expect(
      messages(supplierSchema.safeParse({ fullName: 'A', mobileNumber: '12a', fax: '', fullAddress: 'B' })),
    ).toEqual({
      mobileNumber:
        'Mobile Number must be a phone number: digits with an optional +, spaces or dashes (+98 912 345 6789)',
    });
  });
  it('takes a phone as people write it, at home or abroad', () => {
    for (const phone of ['+98 912 345 6789', '09121234567', '+44 20 7946 0958', '+1 (212) 555-0100'])
      expect(supplierSchema.safeParse({ fullName: 'A', mobileNumber: phone, fax: '', fullAddress: 'B' }).success).toBe(
        true,
      );
    for (const phone of ['12345', '+98 912 abc 6789', '++98912345678'])
      expect(supplierSchema.safeParse({ fullName: 'A', mobileNumber: phone, fax: '', fullAddress: 'B' }).success).toBe(
        false,
      );
  });
  it('consignee needs the notify party too', () => {
    const result = consigneeSchema.safeParse({
      fullName: 'A',
      mobileNumber: '+98 912 345 6789',
      fax: '',
      fullAddress: 'B',
      notifyParty: false,
      notifyFullName: '',
      notifyMobileNumber: 'x',
      notifyFax: '',
      notifyFullAddress: '',
    });
    expect(messages(result)).toEqual({
      notifyFullName: 'Notify Party Full Name is required',
      notifyMobileNumber:
        'Notify Party Mobile Number must be a phone number: digits with an optional +, spaces or dashes (+98 912 345 6789)',
      notifyFullAddress: 'Notify Party Full Address is required',
    });
  });
});

// A Persian or an Arabic phone keyboard types its own digits: read, and sent, as Latin ones (record 3001).
describe('digits typed on a Persian keyboard', () => {
  const persian = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);
  it('an HS code and a quantity', () => {
    const parsed = rateRequestSchema.parse({ ...validRate, hsCode: '۰۹۱۰۲۰', quantity: persian('12') });
    expect([parsed.hsCode, parsed.quantity]).toEqual(['091020', '12']);
  });
  it("a party's mobile and fax", () => {
    const party = { fullName: 'Zahra Hosseini', fullAddress: 'Bazaar-e Bozorg 14, Tehran' };
    const typed = { ...party, mobileNumber: persian('+98 912 345 6789'), fax: '٠٢١١٢٣٤٥٦٧٨' };
    expect(supplierSchema.parse(typed)).toEqual({ ...party, mobileNumber: '+98 912 345 6789', fax: '02112345678' });
  });
  it("a container row's count and weights", () => {
    const row = { container: port(1), seal: 'S1', type: 1 };
    const typed = { ...row, count: persian('100'), grossWeight: persian('20000'), netWeight: persian('18000') };
    expect(containerRowSchema.parse(typed)).toEqual({ ...row, count: '100', grossWeight: '20000', netWeight: '18000' });
  });
});

describe('container row rules', () => {
  it('gives the spec messages', () => {
    const result = containerRowSchema.safeParse({
      container: null,
      seal: '',
      count: '',
      type: 1,
      grossWeight: '',
      netWeight: '',
    });
    expect(messages(result)).toEqual({
      container: 'Container Number is required',
      seal: 'Seal is required',
      count: 'Number of packages is required',
      grossWeight: 'Gross Weight is required',
      netWeight: 'Net Weight is required',
    });
  });
  it('net weight may not exceed gross weight', () => {
    const result = containerRowSchema.safeParse({
      container: { name: 'X', value: 1 },
      seal: 'S',
      count: '10',
      type: 1,
      grossWeight: '100',
      netWeight: '200',
    });
    expect(messages(result)).toEqual({ netWeight: message('booking.netWeight.exceedsGross') });
  });
});

describe('shipping order rules', () => {
  // A new order's form as it starts (every field the description gives it), with a cargo description.
  const base = { ...orderFormValues(null, {}), cargoDescription: 'Boxes' };
  it('dry cargo needs only the description', () => {
    expect(shippingOrderSchema({ isDanger: false, isReefer: false }).safeParse(base).success).toBe(true);
    expect(
      messages(shippingOrderSchema({ isDanger: false, isReefer: false }).safeParse({ ...base, cargoDescription: '' })),
    ).toEqual({ cargoDescription: 'Cargo description is required' });
  });
  it('dangerous and reefer cargo need their fields', () => {
    const result = shippingOrderSchema({ isDanger: true, isReefer: true }).safeParse(base);
    expect(messages(result)).toEqual({
      imcoClass: 'This Field is required',
      unNumber: 'This Field is required',
      temprature: 'This Field is required',
      humidity: 'This Field is required',
    });
    const ok = shippingOrderSchema({ isDanger: true, isReefer: true }).safeParse({
      ...base,
      imcoClass: '3',
      unNumber: '1203',
      temprature: '-18',
      humidity: '60',
    });
    expect(ok.success).toBe(true);
  });
  it('words out-of-range hazard and reefer values as the server does', () => {
    const result = shippingOrderSchema({ isDanger: true, isReefer: true }).safeParse({
      ...base,
      imcoClass: '10',
      unNumber: '12',
      temprature: '-41',
      humidity: '101',
    });
    expect(messages(result)).toEqual({
      imcoClass: message('booking.imcoClass.enum'),
      unNumber: message('booking.unNumber.pattern'),
      temprature: message('booking.temperature.range'),
      humidity: message('booking.humidity.range'),
    });
  });
  it('maps freight as the spec says', () => {
    expect(frightType(0)).toBe(1);
    expect(frightType(1)).toBe(2);
    expect(freightFormValue(1)).toBe(0);
    expect(freightFormValue(2)).toBe(1);
  });
});
