import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate, localDigits } from '@/lib/format';
import { customerLabel, label } from '@/lib/lifecycle';
import { customerOverviewOptions } from '../api/overview';
import type { CustomerOverview } from '../api/overview';
import { detailsTarget, waitingListPath } from './list-helpers';
import { WhereItIs } from '@/components/where-it-is';
import styles from './booking.module.css';
import { Reference } from '@/components/reference/reference';
import { cargoWords } from '@/lib/reference-names';
import { Separator } from '@/components/ui/separator/separator';
import { useTeamRights } from '@/lib/team-rights';
import { Panel } from '@/components/panel/panel';

/**
 * Counts by badge: states named alike would be one line (the lifecycle files give each state its own badge), and
 * states with nothing in them are left out. `named` gives a count's badge (the server's English name
 * unless the screen names its state in the language shown).
 */
export function countsByBadge(
  counts: CustomerOverview['counts'],
  named: (count: CustomerOverview['counts'][number]) => string = (c) => c.name,
): { name: string; count: number }[] {
  const byName = new Map<string, number>();
  for (const c of counts) byName.set(named(c), (byName.get(named(c)) ?? 0) + c.count);
  return [...byName].filter(([, count]) => count > 0).map(([name, count]) => ({ name, count }));
}

/** The customer's overview: what waits for them first, then how many bookings are in each state. */
export function CustomerOverviewPanel() {
  const { t } = useTranslation('booking');
  const query = useQuery(customerOverviewOptions());
  // A customer's move is made with the team's `book` right: a viewer reads that it waits for her team.
  const books = useTeamRights().book;
  if (query.isPending) return null;
  if (query.isError) return <p role="alert">{t('overview.loadFailed')}</p>;
  const { counts, waiting, waitingCount } = query.data;
  // A booking that ended is not on its way, whatever its last milestone (the server lists none: decision 3831).
  const underway = query.data.underway.filter((row) => row.progress?.ended !== true);
  // The state's label in the language shown, from the lifecycle file (the server names it in English).
  const byBadge = countsByBadge(counts, (c) => label('rate_request', c.stateName) || c.name);
  return (
    <>
      <Panel aria-labelledby="waiting-heading">
        <h2 id="waiting-heading">
          {/* How many wait in all: the list below holds only the latest of them (decision 3906). */}
          {t(books ? 'overview.waiting' : 'overview.waitingForTeam', {
            count: waitingCount,
            n: localDigits(String(waitingCount)),
          })}
        </h2>
        {waiting.length === 0 ? (
          <p>{t(books ? 'overview.nothingWaits' : 'overview.nothingWaitsForTeam')}</p>
        ) : (
          <ul className={styles.plainList}>
            {waiting.map((row) => (
              <li key={row.id}>
                <Link to={detailsTarget(row)}>
                  {row.reference ? (
                    <>
                      <Reference value={row.reference} />
                      <Separator />
                    </>
                  ) : (
                    ''
                  )}
                  <bdi>{cargoWords(row)}</bdi>
                </Link>{' '}
                <span className={styles.muted}>
                  {customerLabel('rate_request', row.state, row.price)}
                  <Separator />
                  {t('overview.since', { date: formatDate(row.updatedAt ?? row.createdAt) })}
                </span>
              </li>
            ))}
          </ul>
        )}
        {waitingCount > waiting.length ? (
          <p className={styles.muted} data-testid="waiting-more">
            {localDigits(t('overview.waitingShown', { shown: waiting.length, count: waitingCount }))}{' '}
            <Link to={waitingListPath}>{t(books ? 'overview.allWaiting' : 'overview.allWaitingForTeam')}</Link>
          </p>
        ) : null}
      </Panel>
      {underway.length > 0 ? (
        <Panel aria-labelledby="underway-heading">
          <h2 id="underway-heading">
            {t('overview.underway', { count: underway.length, n: localDigits(String(underway.length)) })}
          </h2>
          <ul className={styles.plainList}>
            {underway.map((row) => (
              <li key={row.id} data-testid="underway-row">
                <Link to={detailsTarget(row)}>
                  {row.reference ? (
                    <>
                      <Reference value={row.reference} />
                      <Separator />
                    </>
                  ) : (
                    ''
                  )}
                  <bdi>{cargoWords(row)}</bdi>
                </Link>
                <WhereItIs progress={row.progress} />
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
      <Panel aria-labelledby="counts-heading">
        <h2 id="counts-heading">{t('overview.byState')}</h2>
        {byBadge.length === 0 ? <p>{t('overview.noBookings')}</p> : null}
        <ul className={styles.counts}>
          {byBadge.map((c) => (
            <li key={c.name}>
              <span className={styles.count}>{localDigits(String(c.count))}</span> {c.name}
            </li>
          ))}
        </ul>
        <Link to="/dashboard/bookings">{t('overview.allBookings')}</Link>
      </Panel>
    </>
  );
}
