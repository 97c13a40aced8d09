import { isLtrKey, Ltr } from '@/components/ui/ltr';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { ChargesBreakdown, formatBookingTotal } from '@/components/charges';
import { FileLink } from '@/components/file-link';
import { formatDate, formatMoment, formatMoney, formatCount, localDigits } from '@/lib/format';
import { can } from '@/lib/lifecycle';
import { fieldLabel } from '@/lib/field-words';
import { ORDER_FIELDS, PARTY_FIELDS, fieldName, orderField, orderValue, partyValue } from '@/lib/order-fields';
import { ContainersTable } from './containers-table';
import type { FactsOrder, FactsRequest } from './types';
import styles from './booking-facts.module.css';
import { Reference } from '@/components/reference/reference';
import { Route } from '@/components/route/route';
import { personWords } from '@/lib/people';
import { equipmentName, referenceName } from '@/lib/reference-names';
import { Separator, useSeparator } from '@/components/ui/separator/separator';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * What was asked and what was offered: route, containers, cargo, dangerous goods, dates, price (per
 * container and for the booking, with its itemised charges) and the signed documents. `order` adds the dangerous-goods numbers and
 * reefer settings that only the shipping order carries.
 */
export function BookingFacts({
  request,
  order,
  label,
  forStaff = false,
}: {
  request: FactsRequest;
  order?: FactsOrder | null;
  label?: string;
  /** Staff's view: the price's source names the tariff's version and row. */
  forStaff?: boolean;
}) {
  const { t } = useTranslation('common');
  const separator = useSeparator();
  const documents = request.bookingRequest?.documents ?? [];
  const reefer = order && (order.temprature !== null || order.humidity !== null);
  return (
    <section className={styles.card} aria-label={label ?? t('bookingFacts.requestSummary')}>
      <dl className={styles.facts}>
        {request.reference ? (
          <Fact term={fieldLabel('bookingReference')}>
            <Reference value={request.reference} />
          </Fact>
        ) : null}
        <Fact term={t('bookingFacts.customer')}>
          <bdi>{personWords(request.customerName)}</bdi>
        </Fact>
        <Fact term={t('bookingFacts.route')}>
          <Route from={request.pol.name} to={request.pod.name} />
        </Fact>
        <Fact term={fieldLabel('containers')}>
          {formatCount(request.quantity)} × {equipmentName(request.containerSize, request.containerType)}
        </Fact>
        <Fact term={fieldLabel('commodity')}>{request.commodity}</Fact>
        <Fact term={fieldLabel('hsCode')}>
          <Ltr>{request.hsCode}</Ltr>
        </Fact>
        <Fact term={fieldLabel('preferredShippingDate')}>{formatDate(request.preferredShippingDate)}</Fact>
        <Fact term={fieldLabel('price')}>{formatMoney(request.price)}</Fact>
        <Fact term={t('bookingFacts.totalFor', { count: request.quantity })}>{formatBookingTotal(request)}</Fact>
        {/* A validity matters while the quote is open; once accepted, an old quote's date only misleads (an
            amendment's new price carries its own validity in the changes panel): shown where the lifecycle file
            lets the quote expire. */}
        {can('rate_request', request.stateName, 'expire', 'system') ? (
          <Fact term={fieldLabel('validUntil')}>{formatMoment(request.validUntil)}</Fact>
        ) : null}
        <Fact term={fieldLabel('isDanger')}>
          {request.isDanger ? (
            <>
              {t('bookingFacts.yes')}
              {order?.unNumber ? separator + t('bookingFacts.unNumber', { number: order.unNumber }) : ''}
              {order?.imcoClass ? separator + t('bookingFacts.imcoClass', { imcoClass: order.imcoClass }) : ''}
              {request.msds ? (
                <>
                  <Separator />
                  <FileLink fileId={request.msds}>MSDS</FileLink>
                  {request.msdsFileName ? sentName(request.msdsFileName) : null}
                </>
              ) : null}
            </>
          ) : (
            t('bookingFacts.no')
          )}
        </Fact>
        {reefer ? (
          <Fact term={t('bookingFacts.reefer')}>
            {localDigits(orderValue(order, orderField('temprature')))} {t('bookingFacts.humidity')}{' '}
            {localDigits(orderValue(order, orderField('humidity')))} {t('bookingFacts.ventilation')}{' '}
            {order.hasVentilation ? t('bookingFacts.on') : t('bookingFacts.off')}
          </Fact>
        ) : null}
        {documents.length > 0 ? (
          <Fact term={t('bookingFacts.signedDocuments')}>
            <span className={styles.links}>
              {documents.map((d) => (
                <span key={d.documentTypeId}>
                  <FileLink fileId={d.fileId}>
                    {referenceName('documentTypes', { id: d.documentTypeId, name: d.documentType }) || '-'}
                  </FileLink>
                  {d.fileName ? sentName(d.fileName) : null}
                </span>
              ))}
            </span>
          </Fact>
        ) : null}
        {request.additionalComment ? (
          <Fact term={fieldLabel('additionalComment')}>{request.additionalComment}</Fact>
        ) : null}
      </dl>
      <ChargesBreakdown priced={request} forStaff={forStaff} />
    </section>
  );
}

/** A file by the name its customer sent it under, in any script: isolated in its own direction (<bdi>), so a
 * Persian name with a Latin extension reads whole in an English page, and a Latin one in a Persian page. On a
 * line of its own under its link: a Latin name wrapped inside a narrow Persian cell reads in broken halves. */
function sentName(name: string) {
  return (
    <span className={styles.sentName}>
      {/* An erased customer's file reads as erased, in the reader's words (decision 3815), not the marker. */}(
      <bdi className={styles.fileName}>{personWords(name)}</bdi>)
    </span>
  );
}

/** The shipping order: its own fields, the parties and every container with its seal, packages and weights
 * (labels and units from the one field list, src/lib/order-fields). Dangerous-goods and reefer fields are in
 * the booking's facts above. */
// What the customer typed keeps its own direction, isolated (<bdi>): an English name or address in a Persian
// table, or a Persian one in an English table, reads whole. A role or a yes/no is the interface's word.
const TYPED: ReadonlySet<string> = new Set(['name', 'address']);

export function OrderFacts({ order }: { order: FactsOrder }) {
  const { t } = useTranslation('common');
  const parties = order.parties.filter((p) => !p.isForSwbl);
  const own = ORDER_FIELDS.filter((f) => !f.only && f.kind !== 'parties' && f.kind !== 'containers');
  const partyFields = PARTY_FIELDS.filter((f) => f.key !== 'fax' && f.key !== 'isForSwbl');
  return (
    <section className={styles.card} aria-label={t('bookingFacts.shippingOrderDetails')}>
      <dl className={styles.facts}>
        {own.map((f) => (
          <Fact key={f.key} term={fieldName('orderFields', f)}>
            {f.kind === 'text' ? <bdi>{orderValue(order, f)}</bdi> : orderValue(order, f)}
          </Fact>
        ))}
      </dl>
      <table className="stack-table">
        <caption className={styles.caption}>{fieldLabel('parties')}</caption>
        <thead>
          <tr>
            {partyFields.map((f) => (
              <th key={f.key} scope="col">
                {fieldName('partyFields', f)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {parties.map((p) => (
            <tr key={`${p.partyType}-${p.name}`}>
              {partyFields.map((f) => (
                <td key={f.key} data-label={fieldName('partyFields', f)}>
                  {isLtrKey(f.key) ? (
                    <Ltr>{partyValue(p, f)}</Ltr>
                  ) : TYPED.has(f.key) ? (
                    <bdi>{partyValue(p, f)}</bdi>
                  ) : (
                    partyValue(p, f)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ContainersTable
        caption={fieldLabel('containers')}
        captionClassName={styles.caption}
        containers={order.containers}
        rowKey={(c) => c.containerId}
      />
    </section>
  );
}
