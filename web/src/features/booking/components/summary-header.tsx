import type { RateRequestDetail } from '../api/booking-api';
import styles from './booking.module.css';

/** Order, edit and final screens: desktop summary and its mobile variant. */
export function SummaryHeader({ detail, cargoDash = false }: { detail: RateRequestDetail; cargoDash?: boolean }) {
  const validity = detail.preferredShippingDate?.slice(0, 10);
  const price = detail.price !== null ? `${detail.price} USD` : '-';
  return (
    <section className={styles.card} aria-label="Request summary">
      <dl className={`${styles.summary} ${styles.desktopOnly}`} style={{ display: undefined }}>
        {cargoDash ? (
          <div>
            <dt>Cargo Details</dt>
            <dd>-</dd>
          </div>
        ) : null}
        <div>
          <dt>Customer Name</dt>
          <dd>{detail.customerName}</dd>
        </div>
        <div>
          <dt>POL</dt>
          <dd>{detail.pol.name}</dd>
        </div>
        <div>
          <dt>POD</dt>
          <dd>{detail.pod.name}</dd>
        </div>
        <div>
          <dt>Quantity</dt>
          <dd>{detail.quantity}</dd>
        </div>
        <div>
          <dt>Packaging Type</dt>
          <dd>
            {detail.containerSize.name} {detail.containerType.name}
          </dd>
        </div>
        <div>
          <dt>RATE PER CNTR</dt>
          <dd>{price}</dd>
        </div>
        <div>
          <dt>Validity Of Rate</dt>
          <dd>{validity}</dd>
        </div>
      </dl>
      <dl className={`${styles.summary} ${styles.mobileOnly}`}>
        <div>
          <dt>DSFA</dt>
          <dd>{price}</dd>
        </div>
        <div>
          <dt>From</dt>
          <dd>{detail.pol.name}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{detail.pod.name}</dd>
        </div>
        <div>
          <dt>Packaging Type</dt>
          <dd>{detail.containerType.name}</dd>
        </div>
        <div>
          <dt>Volume</dt>
          <dd>-</dd>
        </div>
        <div>
          <dt>Validity</dt>
          <dd>{validity}</dd>
        </div>
      </dl>
    </section>
  );
}
