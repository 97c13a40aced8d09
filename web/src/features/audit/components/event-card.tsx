import { Button } from '@/components/ui/button';
import type { TimelineEntry, ValueNames } from '../lib/fold';
import styles from './audit.module.css';
import { EventSentence } from './event-sentence';
import { ChangeTable } from './change-table';
import { eventSentence } from '../lib/sentence';
import { reasonIn } from '../lib/reasons';
import { currentLanguage } from '@/i18n';
import { ActorLabel, RecordedAt } from './role-badge';
import { useTranslation } from 'react-i18next';

export interface EventCardProps {
  entry: TimelineEntry;
  /** This event's position is the one the state panel shows. */
  selected: boolean;
  onViewAsOf: (position: number) => void;
  /** The server's words for the ids and codes in the values. */
  names?: ValueNames;
}

/** One event of an aggregate: what happened, who did it and when, why, and the values it changed. */
export function EventCard({ entry, selected, onViewAsOf, names }: EventCardProps) {
  const { event, initial, changes } = entry;
  const headingId = `audit-event-${event.position}`;
  const { t } = useTranslation('audit');
  return (
    <article className={styles.event} aria-labelledby={headingId} data-selected={selected || undefined}>
      <header className={styles.eventHeader}>
        <h3 id={headingId} className={styles.eventType}>
          <EventSentence event={event} />
        </h3>
        <span className={styles.meta}>
          {t('eventCard.where', { version: event.version, position: event.position })}
        </span>
      </header>
      <p className={styles.who}>
        <RecordedAt value={event.recordedAt} />
        <span className={styles.by}>{t('by')}</span>
        <ActorLabel
          actor={event.actor}
          name={event.actorName}
          member={{ teamRole: event.actorTeamRole, company: event.actorCompany }}
        />
      </p>
      {event.reason ? (
        <div className={styles.reason}>
          <span className={styles.reasonLabel}>{t('reason')}</span>
          <p className={styles.reasonText} dir="auto">
            {reasonIn(event.reason, currentLanguage())}
          </p>
        </div>
      ) : null}
      <ChangeTable
        changes={changes}
        initial={initial}
        kind={event.aggregateKind}
        names={names}
        caption={
          initial
            ? t('eventCard.initialCaption', { what: eventSentence(event) })
            : t('eventCard.changeCaption', { what: eventSentence(event) })
        }
      />
      <div className={styles.eventActions}>
        {selected ? (
          <p className={styles.selectedNote} aria-live="polite">
            {t('eventCard.selected')}
          </p>
        ) : null}
        <Button
          variant={selected ? 'secondary' : 'outline'}
          aria-describedby={headingId}
          onClick={() => onViewAsOf(event.position)}
        >
          {t('eventCard.viewAsOf')}
        </Button>
      </div>
    </article>
  );
}
