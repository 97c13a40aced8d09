/**
 * A quote's itemised charges as every screen, the report and the console word them: the basis of
 * each line, the total per container (the specification's `price`) and for the whole booking, and where the
 * price came from.
 */
import { currentLanguage, i18next } from '@/i18n';
import type { Language } from '@/i18n';
import { formatMoney, formatTotal } from '@/lib/format';
import type { Schema } from '@/types/contract';

export type Charge = Schema<'QuoteCharge'>;
export type Priced = Pick<
  Schema<'RateRequestDetail'>,
  'charges' | 'price' | 'totalPrice' | 'quantity' | 'quotedBy' | 'tariffVersion' | 'tariffRow'
>;

// The charges a tariff names (domain/booking/charges.py `CHARGE_KINDS`): their names come from the catalogue
// in the language shown; a code the catalogue lacks reads as the server named it.
const CHARGE_CODES = [
  'ocean_freight',
  'baf',
  'thc_origin',
  'thc_destination',
  'dg_surcharge',
  'reefer_surcharge',
  'documentation_fee',
] as const;
type ChargeCode = (typeof CHARGE_CODES)[number];

function isChargeCode(code: string): code is ChargeCode {
  return (CHARGE_CODES as readonly string[]).includes(code);
}

/** A charge line's name in the language shown, by its code. */
export function chargeName(charge: Pick<Charge, 'code' | 'name'>): string {
  return isChargeCode(charge.code) ? i18next.t(`chargeNames.${charge.code}`) : charge.name;
}

export function basis(charge: Pick<Charge, 'per'>): string {
  return i18next.t(charge.per === 'booking' ? 'chargeBasis.booking' : 'chargeBasis.container');
}

/** What the per-booking charges (the documentation fee) add to the booking's total: counted once, whatever
 * the number of containers (domain/booking/charges.py `booking_total`). */
export function perBookingTotal(charges: readonly Pick<Charge, 'per' | 'amount'>[]): number {
  return charges.reduce((sum, c) => (c.per === 'booking' ? sum + c.amount : sum), 0);
}

/** `Quoted instantly from the carrier's tariff`, `Quoted by our staff`, or null while unpriced. The tariff's
 * version and row are the carrier's bookkeeping: staff see them (`forStaff`), the customer does not. */
export function quoteSource(
  priced: Pick<Priced, 'quotedBy' | 'tariffVersion' | 'tariffRow'>,
  forStaff = false,
): string | null {
  if (priced.quotedBy === 'system')
    return forStaff
      ? i18next.t('quoteSource.tariffForStaff', {
          version: priced.tariffVersion ?? '-',
          row: priced.tariffRow ?? '-',
        })
      : i18next.t('quoteSource.tariff');
  if (priced.quotedBy === 'staff') return i18next.t('quoteSource.staff');
  return null;
}

/** The whole booking's total: the server's (per-booking charges counted once), else price × quantity; in
 * `language`'s digits (the carrier's English on a letter, whatever the reader's). */
export function formatBookingTotal(
  priced: Pick<Priced, 'price' | 'totalPrice' | 'quantity'>,
  language: Language = currentLanguage(),
): string {
  return priced.totalPrice === null
    ? formatTotal(priced.price, priced.quantity, language)
    : formatMoney(priced.totalPrice, language);
}
