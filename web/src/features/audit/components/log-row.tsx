import { Link } from 'react-router-dom';
import { Reference } from '@/components/reference/reference';
import { formatCount, formatList } from '@/lib/format';
import type { AuditEvent } from '../api/audit-api';
import { fieldLabel } from '../lib/fold';
import { reasonIn } from '../lib/reasons';
import { currentLanguage } from '@/i18n';
import { bookingTrailPath } from '../lib/paths';
import styles from './audit.module.css';
import { EventSentence } from './event-sentence';
import { ActorLabel, kindLabel, RecordedAt } from './role-badge';
import { useTranslation } from 'react-i18next';

const TECHNICAL_FIELD = /(^|_)(id|sha256|username|key)$|^(storage_name|booking_content|content_type)$/;

export interface LogRowProps {
  event: AuditEvent;
  /** The log's query string, so the timeline's back link returns to the same filters. */
  logSearch: string;
}

/** One event of the global log, linking to its aggregate's timeline. */
export function LogRow({ event, logSearch }: LogRowProps) {
  const { t } = useTranslation('audit');
  // The fields a person reads: ids, digests and storage bookkeeping are left to the timeline.
  const fields = Object.keys(event.changes).filter((field) => !TECHNICAL_FIELD.test(field));
  const kind = kindLabel(event.aggregateKind);
  return (
    <article
      className={styles.logRow}
      aria-label={t('logRow.label', { type: event.type, kind, position: event.position })}
    >
      <div className={styles.logWhen}>
        <RecordedAt value={event.recordedAt} />
        <span className={styles.meta}>#{formatCount(event.position)}</span>
      </div>
      <div className={styles.logWhat}>
        <p className={styles.logTitle}>
          <span className={styles.kind}>{kind}</span>
          <strong>
            <EventSentence event={event} />
          </strong>
          <span className={styles.meta}>{t('logRow.version', { version: event.version })}</span>
        </p>
        {event.bookingReference ? (
          <p className={styles.logAggregate}>
            {t('logRow.booking')}{' '}
            <Link to={bookingTrailPath(event.bookingReference)} className={styles.bookingLink}>
              <Reference value={event.bookingReference} />
            </Link>
          </p>
        ) : null}
        {fields.length > 0 ? (
          <p className={styles.logFields}>
            <span className="visually-hidden">{t('logRow.fields')} </span>
            {formatList(fields.map((field) => fieldLabel(field, event.aggregateKind)))}
          </p>
        ) : null}
        {event.reason ? (
          <p className={styles.logReason}>
            <span className={styles.reasonLabel}>{t('reason')}</span>{' '}
            <bdi>{reasonIn(event.reason, currentLanguage())}</bdi>
          </p>
        ) : null}
      </div>
      <div className={styles.logWho}>
        <ActorLabel
          actor={event.actor}
          name={event.actorName}
          member={{ teamRole: event.actorTeamRole, company: event.actorCompany }}
        />
      </div>
      <div className={styles.logLink}>
        <Link
          to={`/dashboard/audit/${encodeURIComponent(event.aggregateId)}`}
          state={{ logSearch }}
          aria-label={t('logRow.openLabel', { kind, id: event.aggregateId })}
          title={event.aggregateId}
        >
          {t('logRow.open')}
        </Link>
      </div>
    </article>
  );
}
