import { useTranslation } from 'react-i18next';
/**
 * Where a confirmed booking is: the progress in words from the booking's detail, and its
 * milestones in the order they happened, per container and per vessel call, with planned, estimated and
 * actual times. A booking that ended (`progress.ended`, decision 3831) is history: where its cargo was last
 * reported, that tracking stopped, and only what happened until then (no estimate, plan or sailing).
 */
import { useQuery } from '@tanstack/react-query';
import { formatAt } from '@/lib/format';
import { progressWords } from '@/components/where-it-is';
import { usePlaces } from '@/lib/places';
import type { RateRequestDetail } from '../api/booking-api';
import { bookingSailingOptions } from '../api/sailings-api';
import { milestoneWords, trackingOptions, withSailingPlan, withoutStaleEstimates } from '../api/tracking-api';
import styles from './booking.module.css';
import { Separator } from '@/components/ui/separator/separator';

export function TrackingPanel({ detail }: { detail: RateRequestDetail }) {
  const { t } = useTranslation('booking');
  const progress = detail.progress ?? null;
  const ended = progress?.ended === true;
  const reference = detail.reference ?? '';
  const events = useQuery({ ...trackingOptions(reference), enabled: progress !== null && reference !== '' });
  // The sailing's transport plan fills in the planned calls no publisher sent (none without a sailing, and
  // none for a booking that ended: it will not sail).
  const sailing = useQuery({ ...bookingSailingOptions(detail.id), enabled: events.isSuccess && !ended });
  const timeline = ended
    ? (events.data ?? []).filter((e) => e.eventClassification?.eventClassifierCode === 'ACT')
    : withoutStaleEstimates(withSailingPlan(events.data ?? [], sailing.data?.sailing));
  // Each event in the local time of its port, and every port by its name (a plan's row carries only its code).
  const places = usePlaces(timeline.map((e) => e.eventLocation?.UNLocationCode));
  if (progress === null) return null;
  return (
    <section
      aria-label={t('trackingPanel.label')}
      className={styles.tracking}
      data-testid="tracking-panel"
      data-ended={ended || undefined}
    >
      <h3>{t(ended ? 'trackingPanel.endedHeading' : 'trackingPanel.heading')}</h3>
      <p role="status" dir="auto" data-stage={progress.stage ?? 'none'}>
        {progressWords(progress)}
      </p>
      {ended ? <p className={styles.muted}>{t('trackingPanel.ended')}</p> : null}
      {timeline.length > 0 ? (
        <ol className={styles.timeline}>
          {timeline.map((event) => {
            const container = event.equipmentDetails?.equipmentReference;
            const vessel = event.transportDetails?.transportCall?.vesselTransport?.vesselName;
            const code = event.eventLocation?.UNLocationCode;
            const known = code ? places.get(code) : undefined;
            const place = known?.name ?? event.eventLocation?.locationName ?? code;
            return (
              <li key={event.eventID} data-classifier={event.eventClassification?.eventClassifierCode ?? ''}>
                <time dateTime={event.eventDateTime}>{formatAt(event.eventDateTime, known?.timeZone)}</time>{' '}
                <strong>{milestoneWords(event)}</strong>
                {place ? (
                  <span>
                    {t('trackingPanel.at')}
                    <bdi>{place}</bdi>
                  </span>
                ) : null}
                {container ? (
                  <span>
                    <Separator />
                    <bdi>{container}</bdi>
                  </span>
                ) : null}
                {vessel ? (
                  <span>
                    <Separator />
                    <bdi>{vessel}</bdi>
                  </span>
                ) : null}
                {event.fromSailing ? (
                  <span>
                    <Separator />
                    {t('trackingPanel.fromSailing')}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
