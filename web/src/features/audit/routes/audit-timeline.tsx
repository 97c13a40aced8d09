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
      title="Audit trail"
      description={
        <>
          {kind ? kindLabel(kind) : 'The events of one record'}
          {bookingReference ? (
            <>
              {' · part of booking '}
              <Link to={bookingTrailPath(bookingReference)} className={styles.bookingLink}>
                {bookingReference}
              </Link>
              {': read its whole trail'}
            </>
          ) : null}
        </>
      }
      actions={<Link to={`/dashboard/audit${backLinkSearch(location.state)}`}>Back to the audit log</Link>}
    >
      {isPending ? <Spinner label="Loading the timeline" /> : null}
      {error ? (
        <LoadError
          error={error}
          onRetry={() => void refetch()}
          notFound="No events are recorded for this id."
          fallback="The timeline could not be loaded."
        />
      ) : null}
      {data && bookingReference ? (
        <p className={styles.trailCallout}>
          This is one record of booking {bookingReference}, field by field as stored.{' '}
          <Link to={bookingTrailPath(bookingReference)} className={styles.bookingLink}>
            Read the booking’s whole trail in words
          </Link>{' '}
          (rate request, shipping order and tracking together, with ports, containers and files by name).
        </p>
      ) : null}
      {data ? (
        <>
          <div className={`spread-row ${styles.toolbar}`}>
            <fieldset className={styles.order}>
              <legend>Order</legend>
              {(['oldest', 'newest'] as const).map((value) => (
                <label key={value} className={styles.orderOption}>
                  <input
                    type="radio"
                    name="audit-order"
                    value={value}
                    checked={order === value}
                    onChange={() => setOrder(value)}
                  />
                  <span>{value === 'oldest' ? 'Oldest first' : 'Newest first'}</span>
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
                {entries.length} event{entries.length === 1 ? '' : 's'}, {order === 'oldest' ? 'oldest' : 'newest'}{' '}
                first
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
