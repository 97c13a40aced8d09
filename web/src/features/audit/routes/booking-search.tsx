import { Link, useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { Spinner } from '@/components/ui/spinner';
import { useBookingSearch } from '../api/audit-api';
import styles from '../components/audit.module.css';
import { BookingSearchForm } from '../components/booking-search-form';
import { LoadError } from '../components/load-error';
import { bookingTrailPath } from '../lib/paths';

/** /dashboard/audit/bookings?q=: bookings found by reference or by the name of a person who took part. */
export function BookingSearchRoute() {
  const [searchParams] = useSearchParams();
  const query = (searchParams.get('q') ?? '').trim();
  const { data, error, isFetching, refetch } = useBookingSearch(query);
  const found = data?.list ?? [];

  return (
    <ContentLayout
      title="Find a booking's trail"
      description="Search by booking reference, or by the name of the customer or a staff member who acted on it."
      actions={<Link to="/dashboard/audit">All events</Link>}
    >
      <BookingSearchForm key={query} initialQuery={query} />
      <section aria-labelledby="booking-search-results" className={styles.results} aria-busy={isFetching || undefined}>
        <h2 id="booking-search-results" className={styles.sectionTitle}>
          {query ? `Bookings for “${query}”` : 'Bookings'}
        </h2>
        {isFetching && !data ? <Spinner label="Searching" /> : null}
        {error ? (
          <LoadError
            error={error}
            onRetry={() => void refetch()}
            fallback="The search could not be made."
            retryOnNotFound
          />
        ) : null}
        {data ? (
          <p className={styles.muted} aria-live="polite">
            {found.length === 0
              ? 'No booking has this reference, and no one of this name took part in a booking.'
              : `${found.length} booking${found.length === 1 ? '' : 's'} found.`}
          </p>
        ) : null}
        {found.length > 0 ? (
          <ol className={styles.logList}>
            {found.map((booking) => (
              <li key={booking.bookingId}>
                <article className={styles.foundRow} aria-label={`Booking ${booking.reference ?? ''}`}>
                  <p className={styles.foundReference}>
                    {booking.reference ? (
                      <Link to={bookingTrailPath(booking.reference)}>{booking.reference}</Link>
                    ) : (
                      <Link to={bookingTrailPath(booking.bookingId)}>Booking without a reference</Link>
                    )}
                    <span className={styles.kind}>{booking.state}</span>
                  </p>
                  <p>
                    <span className={styles.by}>Customer</span> <bdi>{booking.customerName}</bdi>
                  </p>
                  <p className={styles.muted}>
                    Requested {booking.createdAt} · last change {booking.updatedAt}
                  </p>
                  {booking.matchedPeople.length > 0 ? (
                    <p className={styles.muted}>
                      Took part:{' '}
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
