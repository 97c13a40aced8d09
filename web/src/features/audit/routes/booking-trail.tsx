import { Link, useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { Spinner } from '@/components/ui/spinner';
import { useBookingTrail } from '../api/audit-api';
import type { TrailEntry } from '../api/audit-api';
import styles from '../components/audit.module.css';
import { BookingSearchForm } from '../components/booking-search-form';
import { LoadError } from '../components/load-error';
import { RecordedAt } from '../components/role-badge';
import { useTranslation } from 'react-i18next';
import { localDigits } from '@/lib/format';
import { personWords } from '@/lib/people';

function Entry({ entry }: { entry: TrailEntry }) {
  const headingId = `trail-entry-${entry.position}`;
  const { t } = useTranslation('audit');
  return (
    <article className={styles.trailEntry} aria-labelledby={headingId} data-part={entry.part}>
      <header className={styles.eventHeader}>
        <h3 id={headingId} className={styles.eventType}>
          {entry.what}
        </h3>
        <span className={styles.kind}>{entry.part}</span>
      </header>
      <p className={styles.who}>
        {/* As the audit log writes its times: the reader's zone and calendar (Solar Hijri in Persian). */}
        <RecordedAt value={entry.recordedAt} />
        <span className={styles.by}>{t('by')}</span>
        <strong>
          <bdi>{personWords(entry.who)}</bdi>
        </strong>
        {entry.who !== entry.role ? <span className={styles.muted}>({entry.role})</span> : null}
      </p>
      {entry.reason ? (
        <div className={styles.reason}>
          <span className={styles.reasonLabel}>{t('reason')}</span>
          <p className={styles.reasonText} dir="auto">
            {entry.reason}
          </p>
        </div>
      ) : null}
      {entry.values.length > 0 ? (
        <dl className={styles.trailValues}>
          {entry.values.map((value, index) => (
            <div key={`${index}-${value.label}`}>
              <dt>{value.label}</dt>
              <dd>
                <bdi>{value.value}</bdi>
              </dd>
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
  const { t } = useTranslation('audit');
  const title = t('trail.title', { reference: data?.reference || reference });

  return (
    <ContentLayout
      title={title}
      description={
        // The name isolated (U+2068 … U+2069): a Persian name does not carry the words after it to the left.
        data
          ? t('trail.description', {
              name: `\u2068${personWords(data.customerName)}\u2069`,
              state: data.state,
              at: data.createdAt,
            })
          : t('trail.fallback')
      }
      actions={<Link to="/dashboard/audit">{t('allEvents')}</Link>}
    >
      <BookingSearchForm />
      {isPending ? <Spinner label={t('trail.loading')} /> : null}
      {error ? (
        <LoadError
          error={error}
          onRetry={() => void refetch()}
          notFound={t('trail.notFound')}
          fallback={t('trail.error')}
        />
      ) : null}
      {data ? (
        <section aria-labelledby="trail-heading" className={styles.results}>
          <h2 id="trail-heading" className={styles.sectionTitle}>
            {localDigits(t('trail.heading', { count: data.entries.length }))}
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
