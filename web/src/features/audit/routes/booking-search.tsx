import { Link, useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { Spinner } from '@/components/ui/spinner';
import { useBookingSearch } from '../api/audit-api';
import styles from '../components/audit.module.css';
import { BookingSearchForm } from '../components/booking-search-form';
import { LoadError } from '../components/load-error';
import { bookingTrailPath } from '../lib/paths';
import { useTranslation } from 'react-i18next';
import { localDigits } from '@/lib/format';
import { Reference } from '@/components/reference/reference';
import { personWords } from '@/lib/people';

/** /dashboard/audit/bookings?q=: bookings found by reference or by the name of a person who took part. */
export function BookingSearchRoute() {
  const [searchParams] = useSearchParams();
  const query = (searchParams.get('q') ?? '').trim();
  const { data, error, isFetching, refetch } = useBookingSearch(query);
  const found = data?.list ?? [];
  const { t } = useTranslation('audit');

  return (
    <ContentLayout
      title={t('search.title')}
      description={t('search.description')}
      actions={<Link to="/dashboard/audit">{t('allEvents')}</Link>}
    >
      <BookingSearchForm key={query} initialQuery={query} />
      <section aria-labelledby="booking-search-results" className={styles.results} aria-busy={isFetching || undefined}>
        <h2 id="booking-search-results" className={styles.sectionTitle}>
          {query ? t('search.resultsFor', { query }) : t('search.results')}
        </h2>
        {isFetching && !data ? <Spinner label={t('search.searching')} /> : null}
        {error ? (
          <LoadError error={error} onRetry={() => void refetch()} fallback={t('search.error')} retryOnNotFound />
        ) : null}
        {data ? (
          <p className={styles.muted} aria-live="polite">
            {found.length === 0
              ? t('search.none')
              : // More match than are listed: the count says so rather than pass the list for all (3906).
                localDigits(t(data.more ? 'search.foundMore' : 'search.found', { count: found.length }))}
          </p>
        ) : null}
        {found.length > 0 ? (
          <ol className={styles.logList}>
            {found.map((booking) => (
              <li key={booking.bookingId}>
                <article
                  className={styles.foundRow}
                  aria-label={t('search.bookingLabel', { reference: booking.reference ?? '' })}
                >
                  <p className={styles.foundReference}>
                    {booking.reference ? (
                      <Link to={bookingTrailPath(booking.reference)}>
                        <Reference value={booking.reference} />
                      </Link>
                    ) : (
                      <Link to={bookingTrailPath(booking.bookingId)}>{t('search.noReference')}</Link>
                    )}
                    <span className={styles.kind}>{booking.state}</span>
                  </p>
                  <p>
                    <span className={styles.by}>{t('search.customer')}</span>{' '}
                    <bdi>{personWords(booking.customerName)}</bdi>
                  </p>
                  <p className={styles.muted}>
                    {t('search.when', { created: booking.createdAt, updated: booking.updatedAt })}
                  </p>
                  {booking.matchedPeople.length > 0 ? (
                    <p className={styles.muted}>
                      {t('search.tookPart')}{' '}
                      {booking.matchedPeople.map((person, i) => (
                        <span key={person}>
                          {i > 0 ? ', ' : ''}
                          <bdi>{person}</bdi>
                        </span>
                      ))}
                    </p>
                  ) : null}
                </article>
              </li>
            ))}
          </ol>
        ) : null}
      </section>
    </ContentLayout>
  );
}
