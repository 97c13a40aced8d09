import { EMPTY_VALUE, formatValue, isInternalId, isSecretField, labelOf, recordParts } from '../lib/fold';
import type { FieldChange, ValueNames } from '../lib/fold';
import { notSetWords } from '../lib/audit-words';
import styles from './audit.module.css';
import { useTranslation } from 'react-i18next';

function Value({ value, field, kind, names }: { value: unknown; field: string; kind?: string; names?: ValueNames }) {
  // A record of several parts reads as a small table of its own, not one long line.
  const parts = field === 'charges' || isSecretField(field) ? null : recordParts(value, kind, names);
  if (parts !== null && parts.length > 1)
    return (
      <dl className={styles.parts}>
        {parts.map(([label, text]) => (
          <div key={label} className={styles.part}>
            <dt>{label}</dt>
            <dd>
              <bdi className={styles.value}>{text}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    );
  const text = formatValue(value, field, kind, names);
  // A value is data (a name, a port, a number) in either script: its own direction.
  return <bdi className={text === EMPTY_VALUE ? styles.empty : styles.value}>{text}</bdi>;
}

/** An event's fields: initial values for the first event, before -> after for the rest. */
export function ChangeTable({
  changes: all,
  initial,
  caption,
  kind,
  names,
}: {
  changes: FieldChange[];
  initial: boolean;
  caption: string;
  /** The aggregate's kind: its states read by their machine's labels. */
  kind?: string;
  /** The server's words for the ids and codes in the values. */
  names?: ValueNames;
}) {
  const { t } = useTranslation('audit');
  // Fields that only link records by internal id (customer_id, rate_request_id) are not shown.
  const changes = all.filter(
    (change) => !(isInternalId(change.after) && (!change.hadBefore || isInternalId(change.before))),
  );
  if (changes.length === 0) return <p className={styles.muted}>{t('changeTable.none')}</p>;
  return (
    <table className={styles.changes}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('changeTable.field')}</th>
          {initial ? (
            <th scope="col">{t('changeTable.initial')}</th>
          ) : (
            <>
              <th scope="col">{t('changeTable.before')}</th>
              <th scope="col">{t('changeTable.after')}</th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field} data-unchanged={change.unchanged || undefined}>
            <th scope="row" title={change.field}>
              {labelOf(change.field, names, kind)}
            </th>
            {initial ? (
              <td data-label={t('changeTable.initial')}>
                <Value value={change.after} field={change.field} kind={kind} names={names} />
              </td>
            ) : (
              <>
                <td data-label={t('changeTable.before')}>
                  {change.hadBefore ? (
                    <Value value={change.before} field={change.field} kind={kind} names={names} />
                  ) : (
                    <span className={styles.empty}>{notSetWords()}</span>
                  )}
                </td>
                <td data-label={t('changeTable.after')}>
                  <span aria-hidden="true" className={styles.arrow}>
                    →{' '}
                  </span>
                  <Value value={change.after} field={change.field} kind={kind} names={names} />
                  {change.unchanged ? <span className={styles.unchanged}> {t('changeTable.unchanged')}</span> : null}
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
