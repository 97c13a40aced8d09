import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { fieldLabel } from '@/lib/field-words';
import { basis, chargeName, quoteSource } from './charges';
import type { Priced } from './charges';
import styles from './charges.module.css';

/** The price's lines, its total per container and for the booking, and who priced it. `title` names it
 * where a page shows two (the booking's price and an amendment's new one). */
export function ChargesBreakdown({
  priced,
  forStaff = false,
  title,
}: {
  priced: Priced;
  forStaff?: boolean;
  title?: string;
}) {
  const { t } = useTranslation('common');
  if (priced.charges.length === 0) return null;
  const source = quoteSource(priced, forStaff);
  const name = title ?? t('chargesBreakdown.priceBreakdown');
  return (
    <section className={styles.breakdown} aria-label={name}>
      <table className={styles.table}>
        <caption className={styles.caption}>{name}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chargesBreakdown.charge')}</th>
            <th scope="col" className={styles.amount}>
              {t('chargesBreakdown.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {priced.charges.map((c) => (
            <tr key={c.code} data-testid="charge-line">
              <td>
                {chargeName(c)}
                <span className={styles.basis}>{basis(c)}</span>
              </td>
              <td className={styles.amount}>{formatMoney(c.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{fieldLabel('price')}</th>
            <td className={styles.amount}>{formatMoney(priced.price)}</td>
          </tr>
          <tr>
            <th scope="row">{t('chargesBreakdown.totalFor', { count: priced.quantity })}</th>
            <td className={styles.amount} data-testid="booking-total">
              {formatMoney(priced.totalPrice)}
            </td>
          </tr>
        </tfoot>
      </table>
      {source ? <p className={styles.source}>{source}</p> : null}
    </section>
  );
}
