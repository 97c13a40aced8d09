/**
 * A quote's itemised charges as every screen, the report and the console word them: the basis of
 * each line, the total per container (the specification's `price`) and for the whole booking, and where the
 * price came from.
 */
import { i18next } from '@/i18n';
import { formatMoney, formatTotal } from '@/lib/format';
import type { Schema } from '@/types/contract';

export type Charge = Schema<'QuoteCharge'>;
export type Priced = Pick<
  Schema<'RateRequestDetail'>,
  'charges' | 'price' | 'totalPrice' | 'quantity' | 'quotedBy' | 'tariffVersion' | 'tariffRow'
>;

export function basis(charge: Pick<Charge, 'per'>): string {
  return i18next.t(charge.per === 'booking' ? 'chargeBasis.booking' : 'chargeBasis.container');
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

/** The whole booking's total: the server's (per-booking charges counted once), else price × quantity. */
export function formatBookingTotal(priced: Pick<Priced, 'price' | 'totalPrice' | 'quantity'>): string {
  return priced.totalPrice === null ? formatTotal(priced.price, priced.quantity) : formatMoney(priced.totalPrice);
}
