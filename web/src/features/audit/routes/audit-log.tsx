import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuditLog } from '../api/audit-api';
import styles from '../components/audit.module.css';
import { BookingSearchForm } from '../components/booking-search-form';
import { LogFilters } from '../components/log-filters';
import { LoadError } from '../components/load-error';
import { LogRow } from '../components/log-row';
import { filtersFromSearchParams, filtersToSearchParams } from '../lib/filters';
import type { AuditFilters } from '../lib/filters';
import { useTranslation } from 'react-i18next';
import { localDigits } from '@/lib/format';

/** /dashboard/audit: every recorded event in store order, filtered by kind, actor and time, paged by position. */
export function AuditLogRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const filters = useMemo(() => filtersFromSearchParams(new URLSearchParams(search)), [search]);
  const { data, error, isPending, isFetching, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useAuditLog(filters);

  const apply = (next: AuditFilters) => setSearchParams(filtersToSearchParams(next));
  const events = data?.pages.flatMap((page) => page.list) ?? [];
  const head = data?.pages[data.pages.length - 1]?.head;
  const filtered = search !== '';
  const { t } = useTranslation('audit');

  return (
    <ContentLayout title={t('log.title')} description={t('log.description')}>
      <BookingSearchForm />
      <LogFilters key={search} value={filters} onApply={apply} />
      <section aria-labelledby="audit-log-results" className={styles.results} aria-busy={isFetching || undefined}>
        <h2 id="audit-log-results" className={styles.sectionTitle}>
          {t('log.events')}
        </h2>
        {isPending ? <Spinner label={t('log.loading')} /> : null}
        {error && !isFetchingNextPage ? (
          <LoadError error={error} onRetry={() => void refetch()} fallback={t('log.error')} retryOnNotFound />
        ) : null}
        {data ? (
          <p className={styles.muted} aria-live="polite">
            {events.length === 0
              ? filtered
                ? t('log.noMatch')
                : t('log.noEvents')
              : localDigits(
                  head !== undefined
                    ? t('log.showingAt', { count: events.length, head })
                    : t('log.showing', { count: events.length }),
                )}
          </p>
        ) : null}
        {events.length > 0 ? (
          <ol className={styles.logList}>
            {events.map((event) => (
              <li key={event.position}>
                <LogRow event={event} logSearch={search ? `?${search}` : ''} />
              </li>
            ))}
          </ol>
        ) : null}
        {hasNextPage ? (
          <div className={styles.loadMore}>
            <Button variant="outline" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {t('log.more')}
            </Button>
          </div>
        ) : data && events.length > 0 ? (
          <p className={styles.muted}>{t('log.end')}</p>
        ) : null}
      </section>
    </ContentLayout>
  );
}
