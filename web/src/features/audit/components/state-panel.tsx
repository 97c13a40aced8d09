import { isLtrKey } from '@/components/ui/ltr';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { progressWords } from '@/components/where-it-is';
import { Spinner } from '@/components/ui/spinner';
import { useAggregateState } from '../api/audit-api';
import type { AsOf } from '../api/audit-api';
import { EMPTY_VALUE } from '../lib/fold';
import { describeState, kindFromClassName } from '../lib/state-view';
import type { ValueNames } from '../lib/fold';
import type { StateField } from '../lib/state-view';
import styles from './audit.module.css';
import { RecordedAt } from './role-badge';
import { LoadError } from './load-error';
import { useTranslation } from 'react-i18next';

function FieldList({ fields, className }: { fields: StateField[]; className?: string }) {
  return (
    <dl className={[styles.fields, className].filter(Boolean).join(' ')}>
      {fields.map((field) => (
        <div key={field.key} className={styles.fieldRow}>
          <dt title={field.key}>{field.label}</dt>
          <dd>
            {field.fields ? (
              <FieldList fields={field.fields} className={styles.nested} />
            ) : (
              <bdi
                className={field.value === EMPTY_VALUE ? styles.empty : styles.value}
                dir={isLtrKey(field.key) && field.value !== EMPTY_VALUE ? 'ltr' : undefined}
              >
                {field.value}
              </bdi>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface StatePanelProps {
  aggregateId: string;
  /** The log's kind (rate_request); the state answer's class name is the fallback. */
  kind?: string;
  asOf: AsOf;
  onClose: () => void;
  /** The server's words for the record's ids, codes and fields (from its timeline). */
  names?: ValueNames;
}

/** The aggregate as it was at a position or a moment, rebuilt by the server from its events. */
export function StatePanel({ aggregateId, kind, asOf, onClose, names }: StatePanelProps) {
  const { data, error, isPending, refetch } = useAggregateState(aggregateId, asOf);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { t } = useTranslation('audit');
  const asOfKey = 'position' in asOf ? `p${asOf.position}` : `t${asOf.at}`;

  // Keyboard and screen-reader users land on the answer they asked for.
  useEffect(() => {
    headingRef.current?.focus();
  }, [asOfKey]);

  const layout = data ? describeState(kind ?? kindFromClassName(data.aggregateKind), data.state, names) : undefined;
  return (
    <section className={styles.statePanel} aria-labelledby="audit-state-heading" aria-busy={isPending || undefined}>
      <header className={`spread-row ${styles.stateHeader}`}>
        <div>
          <h2 id="audit-state-heading" ref={headingRef} tabIndex={-1} className={styles.stateTitle}>
            {'position' in asOf ? t('statePanel.atPosition', { position: asOf.position }) : t('statePanel.atMoment')}
          </h2>
          {'at' in asOf ? (
            <p className={styles.muted}>
              <RecordedAt value={asOf.at} />
            </p>
          ) : null}
          {data ? <p className={styles.muted}>{t('statePanel.rebuilt', { version: data.version })}</p> : null}
        </div>
        <Button variant="outline" onClick={onClose}>
          {t('statePanel.close')}
        </Button>
      </header>
      {isPending ? <Spinner label={t('statePanel.loading')} /> : null}
      {error ? <LoadError error={error} onRetry={() => void refetch()} fallback={t('statePanel.error')} /> : null}
      {layout ? (
        <>
          {layout.stateName ? (
            <p className={styles.stateBadge}>
              <span className={styles.stateBadgeLabel}>{t('statePanel.state')}</span>
              <strong>{layout.stateLabel || layout.stateName.replaceAll('_', ' ')}</strong>
            </p>
          ) : null}
          {data?.tracking ? (
            <p className={styles.stateBadge} data-testid="as-of-tracking">
              <span className={styles.stateBadgeLabel}>{t('statePanel.whereCargo')}</span>
              {/* Worded as the customer's tracking screen words it (Persian from the values, not the summary). */}
              <strong>{progressWords(data.tracking)}</strong>
            </p>
          ) : null}
          <FieldList fields={layout.main} />
          {layout.bookkeeping.length > 0 ? (
            <details className={styles.bookkeeping}>
              <summary>{t('statePanel.identifiers')}</summary>
              <FieldList fields={layout.bookkeeping} />
            </details>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
