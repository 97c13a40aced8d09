import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatAge, localDigits } from '@/lib/format';
import { workQueueOptions } from '../api/work-queue';
import type { QueueEntry, QueueKind, WorkQueue } from '../api/work-queue';
import { DETAIL_ROUTE, UPDATE_ROUTE } from '../api/requests';
import styles from './admin.module.css';
import { useTranslation } from 'react-i18next';
import { Reference } from '@/components/reference/reference';
import { personWords } from '@/lib/people';
import { cargoWords } from '@/lib/reference-names';
import { Separator } from '@/components/ui/separator/separator';
import { Panel } from '@/components/panel/panel';

// Each kind of waiting work is titled by its key in the admin catalogue (queue.<kind>).

/** Bookings open in the console; a sign-up and a profile edit on their own review page (the type of account
 * picks it, as in the lists below), or in their list where the type is not known. */
function itemPath(kind: QueueKind, item: QueueEntry): string {
  const id = encodeURIComponent(item.id);
  const type = item.accountType ?? 0;
  if (kind === 'registrations')
    return DETAIL_ROUTE[type]
      ? `/dashboard/request/${DETAIL_ROUTE[type]}/detail/${id}`
      : '#registration-requests-heading';
  if (kind === 'editRequests')
    return UPDATE_ROUTE[type]
      ? `/dashboard/request/update/${UPDATE_ROUTE[type]}/detail/${id}`
      : '#edit-requests-heading';
  return `/dashboard/operations?open=${id}`;
}

function Queue({ queue }: { queue: WorkQueue }) {
  const { t } = useTranslation('admin');
  const headingId = `queue-${queue.kind}`;
  return (
    <section aria-labelledby={headingId} className={styles.queue}>
      <h3 id={headingId}>
        {t(`queue.${queue.kind}`)} <span className={styles.queueCount}>{localDigits(String(queue.count))}</span>
      </h3>
      {queue.oldestAt ? (
        <p className={styles.muted}>{t('queue.oldest', { age: formatAge(queue.oldestAt) })}</p>
      ) : (
        <p className={styles.muted}>{t('queue.nothing')}</p>
      )}
      <ul>
        {queue.items.map((item) => {
          const path = itemPath(queue.kind, item);
          // The name (maybe Persian) and what the request is about (Latin codes, maybe a Persian commodity)
          // each isolated: a summary starting with a count would otherwise lend the count to the age beside it.
          const text = (
            <>
              {item.reference ? (
                <>
                  <Reference value={item.reference} />
                  <Separator />
                </>
              ) : null}
              <bdi>{personWords(item.who || item.title)}</bdi>
              {item.who && item.about ? (
                <>
                  {': '}
                  <bdi>{item.cargo ? cargoWords(item.cargo) : item.about}</bdi>
                </>
              ) : null}
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
  const { t } = useTranslation('admin');
  const query = useQuery(workQueueOptions());
  if (query.isPending) return null;
  if (query.isError) return <p role="alert">{t('queue.error')}</p>;
  return (
    <Panel aria-labelledby="work-queue-heading">
      <h2 id="work-queue-heading">{t('queue.title')}</h2>
      <div className={styles.queues}>
        {query.data.map((queue) => (
          <Queue key={queue.kind} queue={queue} />
        ))}
      </div>
    </Panel>
  );
}
