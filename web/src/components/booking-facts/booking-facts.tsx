import type { ReactNode } from 'react';
import { ChargesBreakdown, formatBookingTotal } from '@/components/charges';
import { FileLink } from '@/components/file-link';
import { formatDate, formatMoney } from '@/lib/format';
import { can } from '@/lib/lifecycle';
import { ORDER_FIELDS, PARTY_FIELDS, orderField, orderValue, partyValue } from '@/lib/order-fields';
import { ContainersTable } from './containers-table';
import type { FactsOrder, FactsRequest } from './types';
import styles from './booking-facts.module.css';

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
  label = 'Request summary',
  forStaff = false,
}: {
  request: FactsRequest;
  order?: FactsOrder | null;
  label?: string;
  /** Staff's view: the price's source names the tariff's version and row. */
  forStaff?: boolean;
}) {
  const documents = request.bookingRequest?.documents ?? [];
  const reefer = order && (order.temprature !== null || order.humidity !== null);
  return (
    <section className={styles.card} aria-label={label}>
      <dl className={styles.facts}>
        {request.reference ? <Fact term="Booking reference">{request.reference}</Fact> : null}
        <Fact term="Customer">
          <bdi>{request.customerName}</bdi>
        </Fact>
        <Fact term="Route">
          {request.pol.name} → {request.pod.name}
        </Fact>
        <Fact term="Containers">
          {request.quantity} × {request.containerSize.name} {request.containerType.name}
        </Fact>
        <Fact term="Commodity">{request.commodity}</Fact>
        <Fact term="HS code">{request.hsCode}</Fact>
        <Fact term="Shipping date">{formatDate(request.preferredShippingDate)}</Fact>
        <Fact term="Price per container">{formatMoney(request.price)}</Fact>
        <Fact term={`Total for ${request.quantity}`}>{formatBookingTotal(request)}</Fact>
        {/* A validity matters while the quote is open; once accepted, an old quote's date only misleads (an
            amendment's new price carries its own validity in the changes panel): shown where the lifecycle file
            lets the quote expire. */}
        {can('rate_request', request.stateName, 'expire', 'system') ? (
          <Fact term="Quote valid until">{formatDate(request.validUntil)}</Fact>
        ) : null}
        <Fact term="Dangerous goods">
          {request.isDanger ? (
            <>
              Yes
              {order?.unNumber ? ` · UN ${order.unNumber}` : ''}
              {order?.imcoClass ? ` · class ${order.imcoClass}` : ''}
              {request.msds ? (
                <>
                  {' · '}
                  <FileLink fileId={request.msds}>MSDS</FileLink>
                </>
              ) : null}
            </>
          ) : (
            'No'
          )}
        </Fact>
        {reefer ? (
          <Fact term="Reefer">
            {orderValue(order, orderField('temprature'))} · humidity {orderValue(order, orderField('humidity'))} ·
            ventilation {order.hasVentilation ? 'on' : 'off'}
          </Fact>
        ) : null}
        {documents.length > 0 ? (
          <Fact term="Signed documents">
            <span className={styles.links}>
              {documents.map((d) => (
                <FileLink key={d.documentTypeId} fileId={d.fileId}>
                  {d.documentType}
                </FileLink>
              ))}
            </span>
          </Fact>
        ) : null}
        {request.additionalComment ? <Fact term="Comment">{request.additionalComment}</Fact> : null}
      </dl>
      <ChargesBreakdown priced={request} forStaff={forStaff} />
    </section>
  );
}

/** The shipping order: its own fields, the parties and every container with its seal, packages and weights
 * (labels and units from the one field list, src/lib/order-fields). Dangerous-goods and reefer fields are in
 * the booking's facts above. */
export function OrderFacts({ order }: { order: FactsOrder }) {
  const parties = order.parties.filter((p) => !p.isForSwbl);
  const own = ORDER_FIELDS.filter((f) => !f.only && f.kind !== 'parties' && f.kind !== 'containers');
  const partyFields = PARTY_FIELDS.filter((f) => f.key !== 'fax' && f.key !== 'isForSwbl');
  return (
    <section className={styles.card} aria-label="Shipping order details">
      <dl className={styles.facts}>
        {own.map((f) => (
          <Fact key={f.key} term={f.label}>
            {orderValue(order, f)}
          </Fact>
        ))}
      </dl>
      <table className="stack-table">
        <caption className={styles.caption}>Parties</caption>
        <thead>
          <tr>
            {partyFields.map((f) => (
              <th key={f.key} scope="col">
                {f.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {parties.map((p) => (
            <tr key={`${p.partyType}-${p.name}`}>
              {partyFields.map((f) => (
                <td key={f.key} data-label={f.label}>
                  {partyValue(p, f)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ContainersTable
        caption="Containers"
        captionClassName={styles.caption}
        containers={order.containers}
        rowKey={(c) => c.containerId}
      />
    </section>
  );
}
