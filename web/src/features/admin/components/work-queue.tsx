import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatAge } from '@/lib/format';
import { workQueueOptions } from '../api/work-queue';
import type { QueueKind, WorkQueue } from '../api/work-queue';
import styles from './admin.module.css';

const TITLE: Record<QueueKind, string> = {
  registrations: 'Registrations to review',
  editRequests: 'Profile edits to review',
  rateRequestsToQuote: 'Rate requests to quote',
  bookingRequestsToConfirm: 'Booking requests to confirm',
  ordersToReview: 'Shipping orders to review',
  amendmentRequests: 'Amendment requests to decide',
  cancellationRequests: 'Cancellation requests to decide',
};

/** Bookings open in the console; sign-ups and profile edits in their lists below (their kind picks the page). */
function itemPath(kind: QueueKind, id: string): string {
  if (kind === 'registrations') return '#registration-requests-heading';
  if (kind === 'editRequests') return '#edit-requests-heading';
  return `/dashboard/operations?open=${encodeURIComponent(id)}`;
}

function Queue({ queue }: { queue: WorkQueue }) {
  const headingId = `queue-${queue.kind}`;
  return (
    <section aria-labelledby={headingId} className={styles.queue}>
      <h3 id={headingId}>
        {TITLE[queue.kind]} <span className={styles.queueCount}>{queue.count}</span>
      </h3>
      {queue.oldestAt ? (
        <p className={styles.muted}>Oldest waiting {formatAge(queue.oldestAt)}</p>
      ) : (
        <p className={styles.muted}>Nothing waiting</p>
      )}
      <ul>
        {queue.items.map((item) => {
          const path = itemPath(queue.kind, item.id);
          // The title is often a person's name, maybe Persian: isolated, so the age beside it keeps its place.
          const text = (
            <>
              {item.reference ? `${item.reference} · ` : ''}
              <bdi>{item.who || item.title}</bdi>
              {item.who && item.about ? `: ${item.about}` : ''}
            </>
          );
          return (
            <li key={item.id}>
              {path.startsWith('#') ? <a href={path}>{text}</a> : <Link to={path}>{text}</Link>}{' '}
              <span className={styles.muted}>{formatAge(item.since)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The staff overview as a work queue: every kind of waiting work with its count and age, oldest first. */
export function WorkQueuePanel() {
  const query = useQuery(workQueueOptions());
  if (query.isPending) return null;
  if (query.isError) return <p role="alert">The work queue could not be loaded.</p>;
  return (
    <section aria-labelledby="work-queue-heading">
      <h2 id="work-queue-heading">Work queue</h2>
      <div className={styles.queues}>
        {query.data.map((queue) => (
          <Queue key={queue.kind} queue={queue} />
        ))}
      </div>
    </section>
  );
}
