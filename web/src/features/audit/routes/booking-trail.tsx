import { Link, useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { Spinner } from '@/components/ui/spinner';
import { useBookingTrail } from '../api/audit-api';
import type { TrailEntry } from '../api/audit-api';
import styles from '../components/audit.module.css';
import { BookingSearchForm } from '../components/booking-search-form';
import { LoadError } from '../components/load-error';

function Entry({ entry }: { entry: TrailEntry }) {
  const headingId = `trail-entry-${entry.position}`;
  return (
    <article className={styles.trailEntry} aria-labelledby={headingId} data-part={entry.part}>
      <header className={styles.eventHeader}>
        <h3 id={headingId} className={styles.eventType}>
          {entry.what}
        </h3>
        <span className={styles.kind}>{entry.part}</span>
      </header>
      <p className={styles.who}>
        <time dateTime={entry.recordedAt} className={styles.time}>
          {entry.when}
        </time>
        <span className={styles.by}>by</span>
        <strong>
          <bdi>{entry.who}</bdi>
        </strong>
        {entry.who !== entry.role ? <span className={styles.muted}>({entry.role})</span> : null}
      </p>
      {entry.reason ? (
        <div className={styles.reason}>
          <span className={styles.reasonLabel}>Reason</span>
          <p className={styles.reasonText}>{entry.reason}</p>
        </div>
      ) : null}
      {entry.values.length > 0 ? (
        <dl className={styles.trailValues}>
          {entry.values.map((value, index) => (
            <div key={`${index}-${value.label}`}>
              <dt>{value.label}</dt>
              <dd>{value.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </article>
  );
}

/** /dashboard/audit/bookings/:reference: one booking's whole history, oldest first, in words. */
export function BookingTrailRoute() {
  const { reference = '' } = useParams();
  const { data, error, isPending, refetch } = useBookingTrail(reference);
  const title = data?.reference ? `Booking ${data.reference}` : `Booking ${reference}`;

  return (
    <ContentLayout
      title={title}
      description={
        // The name isolated (U+2068 … U+2069): a Persian name does not carry the words after it to the left.
        data ? `\u2068${data.customerName}\u2069 · ${data.state} · requested ${data.createdAt}` : 'The booking’s audit trail'
      }
      actions={<Link to="/dashboard/audit">All events</Link>}
    >
      <BookingSearchForm />
      {isPending ? <Spinner label="Loading the booking's trail" /> : null}
      {error ? (
        <LoadError
          error={error}
          onRetry={() => void refetch()}
          notFound="No booking has this reference."
          fallback="The trail could not be loaded."
        />
      ) : null}
      {data ? (
        <section aria-labelledby="trail-heading" className={styles.results}>
          <h2 id="trail-heading" className={styles.sectionTitle}>
            Audit trail: {data.entries.length} event{data.entries.length === 1 ? '' : 's'}, oldest first
          </h2>
          <ol className={styles.timeline}>
            {data.entries.map((entry) => (
              <li key={entry.position}>
                <Entry entry={entry} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </ContentLayout>
  );
}
