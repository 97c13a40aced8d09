import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { WhoseMove } from '@/components/whose-move';
import { formatDate, formatMoney } from '@/lib/format';
import { customerLabel, stateName } from '@/lib/lifecycle';
import { useDebounced } from '@/lib/use-debounced';
import { useUrlParam } from '@/lib/url-state';
import { rateRequestsInfiniteOptions } from '../api/booking-api';
import type { ListSort, RateRequestRow } from '../api/booking-api';
import { detailsTarget, WAITING_FOR_ME, WAITING_PARAM } from '../components/list-helpers';
import styles from '../components/booking.module.css';
import { ApiBadge } from '@/components/api-badge';
import { WhereItIs } from '@/components/where-it-is';
import { Reference } from '@/components/reference/reference';
import { Route } from '@/components/route/route';
import { cargoWords } from '@/lib/reference-names';
import { Separator } from '@/components/ui/separator/separator';
import { useTeamRights } from '@/lib/team-rights';
import { fieldLabel } from '@/lib/field-words';

const SEARCH_WAIT_MS = 300;
const SORTS: ListSort[] = ['newest', 'oldest', 'type'];

function StateBadge({ state, price }: { state: number; price: number | null }) {
  return (
    <span className={styles.badge} data-state={stateName('rate_request', state, price)}>
      {customerLabel('rate_request', state, price)}
    </span>
  );
}

export function BookingsRoute() {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  // The search and the order are the address's (`?q=`, `?sort=`): Back from a booking finds them as left.
  const [sortParam, setSort] = useUrlParam('sort', 'newest');
  const sort: ListSort = SORTS.includes(sortParam as ListSort) ? (sortParam as ListSort) : 'newest';
  const [search, setSearch] = useUrlParam('q');
  const searched = useDebounced(search, SEARCH_WAIT_MS);
  // Only the bookings waiting for her (`?waiting=me`), as the overview counts them; another value is absent.
  const [waitingParam, setWaiting] = useUrlParam(WAITING_PARAM);
  const waiting = waitingParam === WAITING_FOR_ME;
  // A viewer cannot make the customer's move: what waits, waits for her team.
  const books = useTeamRights().book;
  // The server sorts: each page is the next of the order chosen (sorting the pages loaded so far would put
  // the oldest bookings first only once every page had been scrolled to).
  const query = useInfiniteQuery({
    ...rateRequestsInfiniteOptions(searched, sort, waiting),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list.list) ?? [], [query.data]);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Two bookings of the same cargo are told apart by their references (a link's name is all a screen reader
  // lists); a booking from before references had only its cargo.
  const detailsName = (row: RateRequestRow) =>
    row.reference
      ? t('bookings.viewDetailsOfBooking', { reference: row.reference, name: cargoWords(row) })
      : t('bookings.viewDetailsOf', { name: cargoWords(row) });

  // Booking is a booker's or an owner's; a viewer's list has no New booking.
  const newBooking = books ? (
    <Button onClick={() => navigate('/dashboard/bookings/NewBooking')}>{t('bookings.newBooking')}</Button>
  ) : undefined;

  return (
    <ContentLayout title={t('bookings.title')} actions={newBooking}>
      {query.isPending ? <Spinner label={t('bookings.loading')} /> : null}
      {query.isError ? <p role="alert">{t('bookings.loadFailed')}</p> : null}
      <div className={styles.row} style={{ marginBottom: '0.75rem' }}>
        <label htmlFor="booking-search">{t('bookings.search')}</label>
        <input
          id="booking-search"
          type="search"
          dir="auto"
          className={styles.searchInput}
          placeholder={t('bookings.searchPlaceholder', { reference: fieldLabel('reference') })}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <label>
          <input
            type="checkbox"
            checked={waiting}
            onChange={(e) => setWaiting(e.target.checked ? WAITING_FOR_ME : '')}
          />{' '}
          {t(books ? 'bookings.waitingOnly' : 'bookings.waitingOnlyForTeam')}
        </label>
      </div>
      {query.isSuccess && rows.length === 0 && search.trim() ? (
        <p role="status">{t('bookings.noMatch', { search: search.trim() })}</p>
      ) : null}
      {query.isSuccess && rows.length === 0 && !search.trim() && waiting ? (
        <p role="status">{t(books ? 'bookings.noneWaiting' : 'bookings.noneWaitingForTeam')}</p>
      ) : null}
      {query.isSuccess && rows.length === 0 && !search.trim() && !waiting ? (
        <div className={styles.empty}>
          <p>{t('bookings.empty')}</p>
          <Button onClick={() => navigate('/dashboard/bookings/NewBooking')}>{t('bookings.addNew')}</Button>
        </div>
      ) : null}
      {rows.length > 0 ? (
        <>
          <div className={styles.row} style={{ justifyContent: 'flex-end', marginBottom: '0.75rem' }}>
            <label htmlFor="booking-sort">{t('bookings.sortBy')}</label>
            <select
              id="booking-sort"
              className={styles.sortSelect}
              value={sort}
              onChange={(e) => setSort(e.target.value)}
            >
              <option value="newest">{t('bookings.sort.newest')}</option>
              <option value="oldest">{t('bookings.sort.old')}</option>
              <option value="type">{t('bookings.sort.type')}</option>
            </select>
          </div>
          <div className={styles.desktopOnly}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t('bookings.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{fieldLabel('bookingReference')}</th>
                  <th scope="col">{t('bookings.columns.cargo')}</th>
                  <th scope="col">{fieldLabel('polId')}</th>
                  <th scope="col">{fieldLabel('podId')}</th>
                  <th scope="col">{fieldLabel('preferredShippingDate')}</th>
                  <th scope="col">{fieldLabel('price')}</th>
                  <th scope="col">{fieldLabel('state')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('bookings.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} data-testid="booking-row">
                    <td>
                      <Reference value={row.reference ?? '-'} />
                    </td>
                    <td>
                      <bdi>{cargoWords(row)}</bdi>
                      <ApiBadge viaApi={row.viaApi} />
                    </td>
                    <td>
                      <bdi>{row.polTitle}</bdi>
                    </td>
                    <td>
                      <bdi>{row.podTitle}</bdi>
                    </td>
                    <td>{formatDate(row.preferredShippingDate)}</td>
                    <td>{formatMoney(row.price)}</td>
                    <td>
                      <StateBadge state={row.state} price={row.price} />{' '}
                      <WhoseMove waitingFor={row.waitingFor} viewer="customer" />
                      <WhereItIs progress={row.progress} />
                    </td>
                    <td>
                      <Link to={detailsTarget(row)} aria-label={detailsName(row)}>
                        {t('bookings.viewDetails')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {/* The visibility class sits on a wrapper of its own: a second class setting display would override it. */}
          <div className={styles.mobileOnly}>
            <ul className={styles.cards} style={{ listStyle: 'none', padding: 0 }}>
              {rows.map((row) => (
                <li key={row.id} className={styles.card} data-testid="booking-card">
                  <p>
                    <strong>
                      <bdi>{cargoWords(row)}</bdi>
                    </strong>
                    {row.reference ? (
                      <span className={styles.muted}>
                        <Separator />
                        <Reference value={row.reference} />
                      </span>
                    ) : null}
                    <ApiBadge viaApi={row.viaApi} />
                  </p>
                  <p className={styles.muted}>
                    <Route from={row.polTitle} to={row.podTitle} />
                  </p>
                  <p className={styles.row}>
                    <StateBadge state={row.state} price={row.price} />
                    <WhoseMove waitingFor={row.waitingFor} viewer="customer" />
                    <span>
                      {row.price !== null ? t('bookings.perContainer', { price: formatMoney(row.price) }) : ''}
                    </span>
                  </p>
                  <WhereItIs progress={row.progress} />
                  <Link to={detailsTarget(row)} aria-label={detailsName(row)}>
                    {t('bookings.viewDetails')}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </>
      ) : null}
      <div ref={sentinel} aria-hidden="true" style={{ height: 1 }} />
      {isFetchingNextPage ? <Spinner label={t('bookings.loadingMore')} /> : null}
    </ContentLayout>
  );
}
