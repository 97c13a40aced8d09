/**
 * A booking's tracking on staff's operations screen (decision 3843): where it is, the progress line the
 * console's list shows (with how and when a booking that ended did: decision 3836), and each container's latest
 * actual milestone, named from the tracking catalogue, at its port's local time. All of it comes with the
 * booking's detail: no request of its own.
 */
import { useTranslation } from 'react-i18next';
import { WhereItIs } from '@/components/where-it-is';
import { formatAt } from '@/lib/format';
import { milestoneName } from '@/lib/milestone-words';
import { usePlaces } from '@/lib/places';
import type { Schema } from '@/types/contract';
import styles from './booking-tracking.module.css';

type Progress = Schema<'TrackingProgress'>;
type ContainerMilestone = Schema<'ContainerMilestone'>;

export function BookingTracking({
  progress,
  containers,
  confirmed,
  ended = false,
}: {
  progress: Progress | null | undefined;
  containers: readonly ContainerMilestone[];
  /** The carrier confirmed the booking: tracking is awaited, so its absence is said. */
  confirmed: boolean;
  /** The booking ended (its lifecycle's `closed` screen): no event is awaited any more. */
  ended?: boolean;
}) {
  const { t } = useTranslation('operations');
  const places = usePlaces(containers.map((c) => c.location));
  if (!progress && containers.length === 0 && !confirmed) return null;
  return (
    <section aria-labelledby="ops-tracking-heading" className={styles.tracking} data-testid="ops-tracking">
      <h3 id="ops-tracking-heading">{t('detail.tracking.heading')}</h3>
      {progress ? (
        <p>
          <WhereItIs progress={progress} />
        </p>
      ) : (
        <p className={styles.muted}>{ended ? t('detail.tracking.noneEnded') : t('detail.tracking.none')}</p>
      )}
      {containers.length > 0 ? (
        <>
          <h4 id="ops-containers-heading">{t('detail.tracking.containers')}</h4>
          <ul aria-labelledby="ops-containers-heading" className={styles.milestones}>
            {containers.map((c) => {
              const place = c.location ? places.get(c.location) : undefined;
              return (
                <li key={c.equipmentReference} data-testid="container-milestone" data-milestone={c.milestone}>
                  <bdi dir="ltr">{c.equipmentReference}</bdi>
                  {t('detail.tracking.separator')}
                  <strong>{milestoneName(c.milestone)}</strong>{' '}
                  <time dateTime={c.eventDateTime}>{formatAt(c.eventDateTime, place?.timeZone)}</time>
                  {c.location ? (
                    <>
                      {t('detail.tracking.at')}
                      <bdi>{place?.name ?? c.location}</bdi>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
