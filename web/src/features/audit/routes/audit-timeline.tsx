import { useMemo } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { Spinner } from '@/components/ui/spinner';
import { useAggregateEvents } from '../api/audit-api';
import { AsOfForm } from '../components/as-of-form';
import styles from '../components/audit.module.css';
import { EventCard } from '../components/event-card';
import { LoadError } from '../components/load-error';
import { kindLabel } from '../components/role-badge';
import { StatePanel } from '../components/state-panel';
import { asOfFromSearchParams } from '../lib/as-of';
import { bookingTrailPath } from '../lib/paths';
import { foldTimeline, orderEntries } from '../lib/fold';
import type { TimelineOrder } from '../lib/fold';
import { Trans, useTranslation } from 'react-i18next';
import { localDigits } from '@/lib/format';
import { Reference } from '@/components/reference/reference';

const ORDERS: readonly TimelineOrder[] = ['oldest', 'newest'];

function backLinkSearch(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'logSearch' in state) {
    const value = (state as { logSearch: unknown }).logSearch;
    if (typeof value === 'string' && (value === '' || value.startsWith('?'))) return value;
  }
  return '';
}

/** /dashboard/audit/:aggregateId: one aggregate's events with before and after, and its state as of any point. */
export function AuditTimelineRoute() {
  const { aggregateId = '' } = useParams();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { data, error, isPending, refetch } = useAggregateEvents(aggregateId);
  const { t } = useTranslation('audit');

  const order: TimelineOrder = searchParams.get('order') === 'newest' ? 'newest' : 'oldest';
  const asOf = asOfFromSearchParams(searchParams);
  const entries = useMemo(() => (data ? foldTimeline(data.events, data.aggregateId) : []), [data]);
  const shown = useMemo(() => orderEntries(entries, order), [entries, order]);

  const update = (change: (params: URLSearchParams) => void) => {
    const next = new URLSearchParams(searchParams);
    change(next);
    setSearchParams(next, { replace: true, state: location.state });
  };
  const setOrder = (value: TimelineOrder) =>
    update((p) => (value === 'newest' ? p.set('order', value) : p.delete('order')));
  const viewAtPosition = (position: number) =>
    update((p) => {
      p.delete('at');
      p.set('position', String(position));
    });
  const viewAtTime = (local: string) =>
    update((p) => {
      p.delete('position');
      p.set('at', local);
    });
  const closeState = () =>
    update((p) => {
      p.delete('position');
      p.delete('at');
    });

  const kind = data?.aggregateKind;
  const names = data ? { values: data.valueNames, labels: data.fieldLabels } : undefined;
  const bookingReference = data?.events.find((e) => e.bookingReference)?.bookingReference ?? null;
  const selectedPosition = asOf && 'position' in asOf ? asOf.position : undefined;

  return (
    <ContentLayout
      title={t('timeline.title')}
      description={
        <>
          {kind ? kindLabel(kind) : t('timeline.fallback')}
          {bookingReference ? (
            <>
              {t('timeline.partOf')}
              <Link to={bookingTrailPath(bookingReference)} className={styles.bookingLink}>
                <Reference value={bookingReference} />
              </Link>
              {t('timeline.readWhole')}
            </>
          ) : null}
        </>
      }
      actions={<Link to={`/dashboard/audit${backLinkSearch(location.state)}`}>{t('timeline.back')}</Link>}
    >
      {isPending ? <Spinner label={t('timeline.loading')} /> : null}
      {error ? (
        <LoadError
          error={error}
          onRetry={() => void refetch()}
          notFound={t('timeline.notFound')}
          fallback={t('timeline.error')}
        />
      ) : null}
      {data && bookingReference ? (
        <p className={styles.trailCallout}>
          {/* One sentence around the reference, so each language spaces and orders its own words. */}
          <Trans
            t={t}
            i18nKey="timeline.oneRecordOf"
            values={{ reference: bookingReference }}
            components={{ b: <Reference value={bookingReference} /> }}
          />{' '}
          <Link to={bookingTrailPath(bookingReference)} className={styles.bookingLink}>
            {t('timeline.wholeTrail')}
          </Link>{' '}
          {t('timeline.together')}
        </p>
      ) : null}
      {data ? (
        <>
          <div className={`spread-row ${styles.toolbar}`}>
            <fieldset className={styles.order}>
              <legend>{t('timeline.order')}</legend>
              {ORDERS.map((value) => (
                <label key={value} className={styles.orderOption}>
                  <input
                    type="radio"
                    name="audit-order"
                    value={value}
                    checked={order === value}
                    onChange={() => setOrder(value)}
                  />
                  <span>{value === 'oldest' ? t('timeline.oldestFirst') : t('timeline.newestFirst')}</span>
                </label>
              ))}
            </fieldset>
            <AsOfForm
              key={searchParams.get('at') ?? ''}
              initialValue={searchParams.get('at') ?? ''}
              onSubmit={viewAtTime}
            />
          </div>
          <div className={asOf ? `${styles.timelineGrid} ${styles.withState}` : styles.timelineGrid}>
            {asOf ? (
              <div className={styles.stateColumn}>
                <StatePanel aggregateId={aggregateId} kind={kind} asOf={asOf} onClose={closeState} names={names} />
              </div>
            ) : null}
            <section aria-labelledby="audit-events-heading" className={styles.eventsColumn}>
              <h2 id="audit-events-heading" className={styles.sectionTitle}>
                {localDigits(
                  order === 'oldest'
                    ? t('timeline.headingOldest', { count: entries.length })
                    : t('timeline.headingNewest', { count: entries.length }),
                )}
              </h2>
              <ol className={styles.timeline}>
                {shown.map((entry) => (
                  <li key={entry.event.position}>
                    <EventCard
                      entry={entry}
                      selected={entry.event.position === selectedPosition}
                      onViewAsOf={viewAtPosition}
                      names={names}
                    />
                  </li>
                ))}
              </ol>
            </section>
          </div>
        </>
      ) : null}
    </ContentLayout>
  );
}
