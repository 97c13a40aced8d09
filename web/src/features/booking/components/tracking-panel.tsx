/**
 * Where a confirmed booking is: the progress in words from the booking's detail, and its
 * milestones in the order they happened, per container and per vessel call, with planned, estimated and
 * actual times.
 */
import { useQuery } from '@tanstack/react-query';
import { formatMoment } from '@/lib/format';
import type { RateRequestDetail } from '../api/booking-api';
import { bookingSailingOptions } from '../api/sailings-api';
import { milestoneWords, trackingOptions, withSailingPlan } from '../api/tracking-api';
import styles from './booking.module.css';

// One date format on every screen: YYYY/MM/DD HH:MM UTC.
const when = (iso: string) => formatMoment(iso);

export function TrackingPanel({ detail }: { detail: RateRequestDetail }) {
  const progress = detail.progress ?? null;
  const reference = detail.reference ?? '';
  const events = useQuery({ ...trackingOptions(reference), enabled: progress !== null && reference !== '' });
  // The sailing's transport plan fills in the planned calls no publisher sent (none without a sailing).
  const sailing = useQuery({ ...bookingSailingOptions(detail.id), enabled: events.isSuccess });
  if (progress === null) return null;
  const timeline = withSailingPlan(events.data ?? [], sailing.data?.sailing);
  return (
    <section aria-label="Tracking" className={styles.tracking} data-testid="tracking-panel">
      <h3>Where your cargo is</h3>
      <p role="status" data-stage={progress.stage ?? 'none'}>
        {progress.summary}
      </p>
      {timeline.length > 0 ? (
        <ol className={styles.timeline}>
          {timeline.map((event) => {
            const container = event.equipmentDetails?.equipmentReference;
            const vessel = event.transportDetails?.transportCall?.vesselTransport?.vesselName;
            const place = event.eventLocation?.locationName ?? event.eventLocation?.UNLocationCode;
            return (
              <li key={event.eventID} data-classifier={event.eventClassification?.eventClassifierCode ?? ''}>
                <time dateTime={event.eventDateTime}>{when(event.eventDateTime)}</time>{' '}
                <strong>{milestoneWords(event)}</strong>
                {place ? <span> at {place}</span> : null}
                {container ? <span> · {container}</span> : null}
                {vessel ? <span> · {vessel}</span> : null}
                {event.fromSailing ? <span> · sailing schedule</span> : null}
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
