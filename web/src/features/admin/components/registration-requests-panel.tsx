import { AttentionBadge } from '@/components/attention-badge';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ColumnHeads } from '@/components/ui/column-heads';
import { Spinner } from '@/components/ui/spinner';
import { can, label } from '@/lib/lifecycle';
import {
  DETAIL_ROUTE,
  kindLabel,
  REQUEST_LIST_LIMIT,
  UPDATE_ROUTE,
  useRegistrationList,
  useUpdateList,
} from '../api/requests';
import styles from './admin.module.css';
import { formatMoment, localDigits } from '@/lib/format';
import { fieldLabel, fieldWords } from '@/lib/field-words';
import { useTranslation } from 'react-i18next';
import { personWords } from '@/lib/people';
import { useKeepPageWithin, useUrlPage } from '@/lib/url-state';
import { Panel } from '@/components/panel/panel';

function when(value: string | null) {
  return value ? formatMoment(value) : '';
}

function Pager({
  page,
  total,
  onPage,
  label,
}: {
  page: number;
  total: number;
  onPage: (p: number) => void;
  label: string;
}) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / REQUEST_LIST_LIMIT));
  return (
    <nav className={styles.pager} aria-label={t('pager.label', { label })}>
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span>{localDigits(t('pager.page', { page, pages }))}</span>
      <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}

/** Staff overview: registration requests (pending first) and pending profile edit requests. */
export function RegistrationRequestsPanel() {
  const { t } = useTranslation('admin');
  // Each list's page is the address's (`?registrations=2&edits=3`): Back from a request finds it again.
  const [page, setPage] = useUrlPage('registrations');
  const [editPage, setEditPage] = useUrlPage('edits');
  const list = useRegistrationList(page);
  const edits = useUpdateList(editPage);
  const pagesOf = (found: typeof list | typeof edits) =>
    found.isSuccess && !found.isPlaceholderData ? Math.ceil(found.data.totalCount / REQUEST_LIST_LIMIT) : undefined;
  useKeepPageWithin('registrations', pagesOf(list));
  useKeepPageWithin('edits', pagesOf(edits));
  return (
    <>
      <Panel aria-labelledby="registration-requests-heading">
        <h2 id="registration-requests-heading">{t('registrations.title')}</h2>
        {list.isPending ? <Spinner /> : null}
        {list.isError ? <p role="alert">{t('registrations.error')}</p> : null}
        {list.data ? (
          <>
            {/* A scrolling region is reachable by keyboard (a wide desktop table may scroll); on a phone the
                rows stack as cards, each cell with its label, so nothing scrolls sideways. */}
            <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('registrations.region')}>
              <table className={`${styles.table} ${styles.stacked}`}>
                <ColumnHeads
                  names={[
                    fieldLabel('name', 'person'),
                    t('registrations.kind'),
                    t('registrations.ids'),
                    t('registrations.state'),
                    t('registrations.date'),
                  ]}
                />
                <tbody>
                  {list.data.list.map((item) => (
                    <tr key={item.id}>
                      <td data-label={fieldLabel('name', 'person')}>
                        <Link
                          to={`/dashboard/request/${DETAIL_ROUTE[item.kind]}/detail/${encodeURIComponent(item.id)}`}
                        >
                          <bdi>{personWords(item.name || item.nationalId)}</bdi>
                        </Link>
                        <AttentionBadge needsAttention={item.needsAttention} />
                      </td>
                      <td data-label={t('registrations.kind')}>{kindLabel(item.kind)}</td>
                      <td data-label={fieldWords(item.kind === 1 ? 'nationalId' : 'nationalCode')}>
                        <bdi>{personWords(item.nationalId)}</bdi>
                      </td>
                      <td
                        data-label={t('registrations.state')}
                        className={can('registration', item.state, 'accept', 'staff') ? styles.pending : undefined}
                      >
                        {label('registration', item.state) || item.stateLabel}
                      </td>
                      <td data-label={t('registrations.date')}>{when(item.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {list.data.list.length === 0 ? <p>{t('registrations.none')}</p> : null}
            <Pager page={page} total={list.data.totalCount} onPage={setPage} label={t('registrations.region')} />
          </>
        ) : null}
      </Panel>
      <Panel aria-labelledby="edit-requests-heading">
        <h2 id="edit-requests-heading">{t('edits.title')}</h2>
        {edits.isPending ? <Spinner /> : null}
        {edits.data ? (
          <>
            {/* A scrolling region is reachable by keyboard (it may scroll sideways on a phone). */}
            <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('edits.region')}>
              <table className={`${styles.table} ${styles.stacked}`}>
                <ColumnHeads
                  names={[
                    t('edits.customer'),
                    t('registrations.kind'),
                    t('edits.identity'),
                    t('edits.changed'),
                    t('registrations.date'),
                  ]}
                />
                <tbody>
                  {edits.data.list.map((item) => (
                    <tr key={item.id}>
                      <td data-label={t('edits.customer')}>
                        <Link
                          to={`/dashboard/request/update/${UPDATE_ROUTE[item.accountType]}/detail/${encodeURIComponent(item.nationalId)}`}
                        >
                          <bdi>{personWords(item.customerName || item.nationalId)}</bdi>
                        </Link>
                      </td>
                      <td data-label={t('registrations.kind')}>{kindLabel(item.accountType)}</td>
                      <td data-label={t('edits.identity')}>
                        <bdi>{personWords(item.nationalId)}</bdi>
                      </td>
                      <td data-label={t('edits.changed')}>{item.editedFields.map(fieldWords).join(t('comma'))}</td>
                      <td data-label={t('registrations.date')}>{when(item.requestedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {edits.data.list.length === 0 ? <p>{t('edits.none')}</p> : null}
            <Pager page={editPage} total={edits.data.totalCount} onPage={setEditPage} label={t('edits.pagerLabel')} />
          </>
        ) : null}
      </Panel>
    </>
  );
}
