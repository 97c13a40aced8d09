import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { auditOverviewOptions } from '../api/audit-api';
import { bookingTrailPath } from '../lib/paths';
import styles from './audit.module.css';

/**
 * What an auditor opens first: how many decisions staff made lately, by kind; the latest of them, each
 * linked to the booking's trail (or the record's timeline); and the ways into the history.
 */
export function AuditOverviewPanel() {
  const query = useQuery(auditOverviewOptions());
  return (
    <>
      <section aria-labelledby="audit-entry-heading" className={styles.overviewPanel}>
        <h2 id="audit-entry-heading">Where to start</h2>
        <ul className={styles.overviewLinks}>
          <li>
            <Link to="/dashboard/audit">Audit log</Link>: every event, filtered by kind, person or time.
          </li>
          <li>
            <Link to="/dashboard/audit/bookings">Find a booking’s trail</Link> by its reference or a person’s name;
            on any timeline, “View as of this point” shows a record as it was then.
          </li>
        </ul>
      </section>
      {query.isError ? <p role="alert">The audit overview could not be loaded.</p> : null}
      {query.data ? (
        <>
          <section aria-labelledby="audit-decisions-heading" className={styles.overviewPanel}>
            <h2 id="audit-decisions-heading">Staff decisions in the last {query.data.days} days</h2>
            {query.data.decisions.length === 0 ? (
              <p className={styles.muted}>None.</p>
            ) : (
              <table className={styles.overviewCounts}>
                <caption className="visually-hidden">Staff decisions by kind</caption>
                <thead>
                  <tr>
                    <th scope="col">Decision</th>
                    <th scope="col">How many</th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.decisions.map((d) => (
                    <tr key={d.what}>
                      <th scope="row">{d.what}</th>
                      <td>{d.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby="audit-latest-heading" className={styles.overviewPanel}>
            <h2 id="audit-latest-heading">Latest staff decisions</h2>
            {query.data.latest.length === 0 ? <p className={styles.muted}>None yet.</p> : null}
            <ol className={styles.overviewLatest}>
              {query.data.latest.map((d) => (
                <li key={d.position}>
                  <strong>{d.what}</strong> by <bdi>{d.who}</bdi> <span className={styles.muted}>{d.when}</span>{' '}
                  {d.bookingReference ? (
                    <Link to={bookingTrailPath(d.bookingReference)}>{d.bookingReference}</Link>
                  ) : (
                    <Link to={`/dashboard/audit/${encodeURIComponent(d.aggregateId)}`}>Open its timeline</Link>
                  )}
                </li>
              ))}
            </ol>
          </section>
        </>
      ) : null}
    </>
  );
}
