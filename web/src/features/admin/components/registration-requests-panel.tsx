import { useState } from 'react';
import { AttentionBadge } from '@/components/attention-badge';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ColumnHeads } from '@/components/ui/column-heads';
import { Spinner } from '@/components/ui/spinner';
import { can } from '@/lib/lifecycle';
import {
  DETAIL_ROUTE,
  KIND_LABEL,
  REQUEST_LIST_LIMIT,
  UPDATE_ROUTE,
  useRegistrationList,
  useUpdateList,
} from '../api/requests';
import styles from './admin.module.css';
import { formatMoment } from '@/lib/format';
import { fieldWords } from '@/lib/field-words';

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
  const pages = Math.max(1, Math.ceil(total / REQUEST_LIST_LIMIT));
  return (
    <nav className={styles.pager} aria-label={`${label} pages`}>
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/** Staff overview: registration requests (pending first) and pending profile edit requests. */
export function RegistrationRequestsPanel() {
  const [page, setPage] = useState(1);
  const [editPage, setEditPage] = useState(1);
  const list = useRegistrationList(page);
  const edits = useUpdateList(editPage);
  return (
    <>
      <section aria-labelledby="registration-requests-heading" className={styles.section}>
        <h2 id="registration-requests-heading">Registration Requests</h2>
        {list.isPending ? <Spinner /> : null}
        {list.isError ? <p role="alert">The requests could not be loaded.</p> : null}
        {list.data ? (
          <>
            {/* A scrolling region is reachable by keyboard (a wide desktop table may scroll); on a phone the
                rows stack as cards, each cell with its label, so nothing scrolls sideways. */}
            <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Registration requests">
              <table className={`${styles.table} ${styles.stacked}`}>
                <ColumnHeads names={['Name', 'Kind', 'National ID / Company ID', 'State', 'Date']} />
                <tbody>
                  {list.data.list.map((item) => (
                    <tr key={item.id}>
                      <td data-label="Name">
                        <Link
                          to={`/dashboard/request/${DETAIL_ROUTE[item.kind]}/detail/${encodeURIComponent(item.id)}`}
                        >
                          {item.name || item.nationalId}
                        </Link>
                        <AttentionBadge needsAttention={item.needsAttention} />
                      </td>
                      <td data-label="Kind">{KIND_LABEL[item.kind]}</td>
                      <td data-label={item.kind === 1 ? 'National ID' : 'Company ID'}>{item.nationalId}</td>
                      <td
                        data-label="State"
                        className={can('registration', item.state, 'accept', 'staff') ? styles.pending : undefined}
                      >
                        {item.stateLabel}
                      </td>
                      <td data-label="Date">{when(item.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {list.data.list.length === 0 ? <p>No registration requests.</p> : null}
            <Pager page={page} total={list.data.totalCount} onPage={setPage} label="Registration requests" />
          </>
        ) : null}
      </section>
      <section aria-labelledby="edit-requests-heading" className={styles.section}>
        <h2 id="edit-requests-heading">Edit Profile Requests</h2>
        {edits.isPending ? <Spinner /> : null}
        {edits.data ? (
          <>
            {/* A scrolling region is reachable by keyboard (it may scroll sideways on a phone). */}
            <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Edit profile requests">
              <table className={`${styles.table} ${styles.stacked}`}>
                <ColumnHeads names={['Customer', 'Kind', 'Identity number', 'Changed fields', 'Date']} />
                <tbody>
                  {edits.data.list.map((item) => (
                    <tr key={item.id}>
                      <td data-label="Customer">
                        <Link
                          to={`/dashboard/request/update/${UPDATE_ROUTE[item.accountType]}/detail/${encodeURIComponent(item.nationalId)}`}
                        >
                          <bdi>{item.customerName || item.nationalId}</bdi>
                        </Link>
                      </td>
                      <td data-label="Kind">{KIND_LABEL[item.accountType]}</td>
                      <td data-label="Identity number">{item.nationalId}</td>
                      <td data-label="Changed fields">{item.editedFields.map(fieldWords).join(', ')}</td>
                      <td data-label="Date">{when(item.requestedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {edits.data.list.length === 0 ? <p>No pending edit requests.</p> : null}
            <Pager page={editPage} total={edits.data.totalCount} onPage={setEditPage} label="Edit requests" />
          </>
        ) : null}
      </section>
    </>
  );
}
