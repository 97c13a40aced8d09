import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { auditOverviewOptions } from '../api/audit-api';
import { bookingTrailPath } from '../lib/paths';
import styles from './audit.module.css';
import { useTranslation } from 'react-i18next';
import { localDigits } from '@/lib/format';
import { Reference } from '@/components/reference/reference';
import { personWords } from '@/lib/people';
import { Panel } from '@/components/panel/panel';

/**
 * What an auditor opens first: how many decisions staff made lately, by kind; the latest of them, each
 * linked to the booking's trail (or the record's timeline); and the ways into the history.
 */
export function AuditOverviewPanel() {
  const query = useQuery(auditOverviewOptions());
  const { t } = useTranslation('audit');
  return (
    <>
      <Panel aria-labelledby="audit-entry-heading">
        <h2 id="audit-entry-heading">{t('overview.start')}</h2>
        <ul className={styles.overviewLinks}>
          <li>
            <Link to="/dashboard/audit">{t('overview.logLink')}</Link>
            {t('overview.logText')}
          </li>
          <li>
            <Link to="/dashboard/audit/bookings">{t('overview.trailLink')}</Link> {t('overview.trailText')}
          </li>
        </ul>
      </Panel>
      {query.isError ? <p role="alert">{t('overview.error')}</p> : null}
      {query.data ? (
        <>
          <Panel aria-labelledby="audit-decisions-heading">
            <h2 id="audit-decisions-heading">{localDigits(t('overview.decisions', { count: query.data.days }))}</h2>
            {query.data.decisions.length === 0 ? (
              <p className={styles.muted}>{t('overview.none')}</p>
            ) : (
              <table className={styles.overviewCounts}>
                <caption className="visually-hidden">{t('overview.byKind')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('overview.decision')}</th>
                    <th scope="col">{t('overview.howMany')}</th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.decisions.map((d) => (
                    <tr key={d.what}>
                      <th scope="row">{d.what}</th>
                      <td>{localDigits(String(d.count))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Panel>
          <Panel aria-labelledby="audit-latest-heading">
            <h2 id="audit-latest-heading">{t('overview.latest')}</h2>
            {query.data.latest.length === 0 ? <p className={styles.muted}>{t('overview.noneYet')}</p> : null}
            <ol className={styles.overviewLatest}>
              {query.data.latest.map((d) => (
                <li key={d.position}>
                  <strong>{d.what}</strong> {t('by')} <bdi>{personWords(d.who)}</bdi>{' '}
                  <span className={styles.muted}>{d.when}</span>{' '}
                  {d.bookingReference ? (
                    <Link to={bookingTrailPath(d.bookingReference)}>
                      <Reference value={d.bookingReference} />
                    </Link>
                  ) : (
                    <Link to={`/dashboard/audit/${encodeURIComponent(d.aggregateId)}`}>
                      {t('overview.openTimeline')}
                    </Link>
                  )}
                </li>
              ))}
            </ol>
          </Panel>
        </>
      ) : null}
    </>
  );
}
