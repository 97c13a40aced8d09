import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Dropdown } from '@/components/ui/dropdown';
import { orderFormErrors } from '@/lib/order-fields';
import { readInPersian } from '@/testing/language';
import { individualSchema, newPasswordSchema } from '@/features/accounts/api/schemas';
import { consigneeSchema, containerRowSchema, rateRequestSchema } from '@/features/booking/components/schemas';

// The schemas were built when this file was imported, in English; the reader has switched to Persian since.
type Parsed = { error?: { issues: { message: string }[] } };
const wordings = (result: Parsed) => (result.error?.issues ?? []).map((issue) => issue.message);
// A wording in Persian: Persian letters, and no English word (placeholders such as +98 912 ... aside).
const persian = (text: string) => /[\u0600-\u06FF]/.test(text) && !/\b[A-Za-z]{3,}\b/.test(text);
// A figure in Persian digits, as the rest of the app writes them (a limit, a count); an example to type, set
// apart (⁦+98 912 345 6789⁩), keeps its Latin digits.
const latinFigure = (text: string) => /[0-9]/.test(text.replace(/\u2066[^\u2069]*\u2069/g, ''));

describe('form rules in the language the reader has when a rule fails', () => {
  readInPersian();

  it('words every refusal of the booking forms in Persian', () => {
    const empty = [
      rateRequestSchema.safeParse({
        commodity: '',
        hsCode: '12',
        preferredShippingDate: '14051',
        quantity: '',
        isSwbl: false,
        isDanger: false,
        msds: null,
        additionalComment: '',
        pol: null,
        pod: null,
        containerType: null,
        containerSize: null,
      }),
      consigneeSchema.safeParse({
        fullName: '',
        mobileNumber: 'x',
        fax: '',
        fullAddress: '',
        notifyParty: false,
        notifyFullName: '',
        notifyMobileNumber: '',
        notifyFax: '',
        notifyFullAddress: '',
      }),
      containerRowSchema.safeParse({
        container: null,
        seal: '',
        count: '',
        type: undefined,
        grossWeight: '',
        netWeight: '',
      }),
    ];
    const said = empty.flatMap(wordings);
    expect(said.length).toBeGreaterThan(15);
    expect(said.filter((text) => !persian(text))).toEqual([]);
    expect(said.filter(latinFigure)).toEqual([]);
    const order = orderFormErrors({ cargoDescription: '', temperature: '90' }, { isDanger: true, isReefer: true });
    expect(Object.values(order).filter((text) => !persian(String(text)))).toEqual([]);
  });

  it('words the accounts forms in Persian', () => {
    const said = [
      ...wordings(
        individualSchema.safeParse({
          firstName: '',
          lastName: '',
          birthDate: '1368-3-14',
          nationalId: '',
          phone: '0912',
          fax: '12',
          email: 'not-an-address',
          address: 'short',
          postalCode: '123',
        }),
      ),
      ...wordings(newPasswordSchema.safeParse({ newPassword: 'short', confirmNewPassword: 'other' })),
    ];
    expect(said.length).toBeGreaterThan(8);
    expect(said.filter((text) => !persian(text))).toEqual([]);
    // The postal code's length is filled in ("exactly {length} characters"): in Persian digits.
    expect(said).toContain('متن باید دقیقاً ۱۰ نویسه باشد');
    expect(said.filter(latinFigure)).toEqual([]);
  });

  it("names a choice in Persian: its placeholder and the bare 'Required'", () => {
    render(<Dropdown label="بندر بارگیری" options={[]} value={null} onChange={() => undefined} error="Required" />);
    expect(screen.getByText('انتخاب کنید')).not.toBeNull();
    expect(screen.getByText('بندر بارگیری را انتخاب کنید')).not.toBeNull();
  });
});
