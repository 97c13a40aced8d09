import type { ReactNode } from 'react';
import { ChargesBreakdown, formatBookingTotal } from '@/components/charges';
import { FileLink } from '@/components/file-link';
import { formatDate, formatMoney } from '@/lib/format';
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

const PARTY_TYPE = ['Supplier', 'Consignee', 'Notify Party'];
const FREIGHT = { 1: 'Collect', 2: 'Prepaid' } as Record<number, string>;

/**
 * What was asked and what was offered: route, containers, cargo, dangerous goods, dates, price (per
 * container and for the booking, with its itemised charges) and the signed documents. `order` adds the dangerous-goods numbers and
 * reefer settings that only the shipping order carries.
 */
export function BookingFacts({
  request,
  order,
  label = 'Request summary',
}: {
  request: FactsRequest;
  order?: FactsOrder | null;
  label?: string;
}) {
  const documents = request.bookingRequest?.documents ?? [];
  const reefer = order && (order.temprature !== null || order.humidity !== null);
  return (
    <section className={styles.card} aria-label={label}>
      <dl className={styles.facts}>
        {request.reference ? <Fact term="Booking reference">{request.reference}</Fact> : null}
        <Fact term="Customer">{request.customerName}</Fact>
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
            amendment's new price carries its own validity in the changes panel). */}
        {request.stateName === 'quoted' || request.stateName === 'requested' ? (
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
            {order.temprature ?? '-'} °C · humidity {order.humidity ?? '-'} % · ventilation{' '}
            {order.hasVentilation ? 'on' : 'off'}
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
      <ChargesBreakdown priced={request} />
    </section>
  );
}

/** The shipping order: cargo, freight, the parties and every container with its seal, packages and weights. */
export function OrderFacts({ order }: { order: FactsOrder }) {
  const parties = order.parties.filter((p) => !p.isForSwbl);
  return (
    <section className={styles.card} aria-label="Shipping order details">
      <dl className={styles.facts}>
        <Fact term="Cargo description">{order.cargoDescription ?? '-'}</Fact>
        <Fact term="Freight">{order.freightType ? (FREIGHT[order.freightType] ?? '-') : '-'}</Fact>
        <Fact term="SWBL">{order.isSWBL ? 'Yes' : 'No'}</Fact>
      </dl>
      <table className="stack-table">
        <caption className={styles.caption}>Parties</caption>
        <thead>
          <tr>
            <th scope="col">Role</th>
            <th scope="col">Name</th>
            <th scope="col">Phone</th>
            <th scope="col">Address</th>
          </tr>
        </thead>
        <tbody>
          {parties.map((p) => (
            <tr key={`${p.partyType}-${p.name}`}>
              <td data-label="Role">{p.partyType === null ? '-' : (PARTY_TYPE[p.partyType] ?? p.partyType)}</td>
              <td data-label="Name">{p.name}</td>
              <td data-label="Phone">{p.phoneNumber}</td>
              <td data-label="Address">{p.address}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="stack-table">
        <caption className={styles.caption}>Containers</caption>
        <thead>
          <tr>
            <th scope="col">Container number</th>
            <th scope="col">Seal</th>
            <th scope="col">Packages</th>
            <th scope="col">Gross weight (kg)</th>
            <th scope="col">Net weight (kg)</th>
          </tr>
        </thead>
        <tbody>
          {order.containers.map((c) => (
            <tr key={c.containerId}>
              <td data-label="Container number">{c.containerNumber ?? c.containerId}</td>
              <td data-label="Seal">{c.seal}</td>
              <td data-label="Packages">{c.count}</td>
              <td data-label="Gross weight (kg)">{c.grossWeight}</td>
              <td data-label="Net weight (kg)">{c.netWeight}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
