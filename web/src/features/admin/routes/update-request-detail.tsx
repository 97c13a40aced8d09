import { useRef } from 'react';
import { useParams } from 'react-router-dom';
import { AuditLink } from '@/components/audit-link';
import { ContentLayout } from '@/components/layouts';
import { Spinner } from '@/components/ui/spinner';
import { TextInput } from '@/components/ui/text-input';
import { fieldWords } from '@/lib/field-words';
import { can, label } from '@/lib/lifecycle';
import { personWords } from '@/lib/people';
import { editedAsRead, useUpdateDecision, useUpdateRequest } from '../api/requests';
import type { EditedAsRead } from '../api/requests';
import type { CustomerKind } from '../api/requests';
import { DecidedBy, Decision } from '../components/decision';
import { reviewValue } from '../lib/review-value';
import styles from '../components/admin.module.css';
import { useTranslation } from 'react-i18next';
import { maxLength } from '@/types/limits';

/** The staff review of a profile edit: every field read-only, the changed ones marked as updated. */
export function UpdateRequestDetailRoute({ kind }: { kind: CustomerKind }) {
  const { t } = useTranslation('admin');
  const id = useParams().id ?? '';
  const query = useUpdateRequest(kind, id);
  const data = query.data;
  // The values on the screen when Accept or Decline was pressed: a live refresh under the open dialog does
  // not change what she decides on.
  const seen = useRef<EditedAsRead | undefined>(undefined);
  const { accept, decline } = useUpdateDecision(kind, id, () => seen.current);
  return (
    <ContentLayout title={t('detail.editTitle')} description={t('detail.customer', { id: personWords(id) })}>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <p role="alert">{query.error.message}</p> : null}
      {data ? (
        <>
          <p className={styles.meta}>
            {t('detail.state')} <strong>{label('profile_edit_request', data.state) || data.state}</strong>{' '}
            <AuditLink aggregateId={data.id} />
          </p>
          <DecidedBy decidedBy={data.decidedBy} decidedAt={data.decidedAt} />
          <div className={styles.fields}>
            {/* The request's own id (a UUID) is the audit link's business, not a field to read. */}
            {/* An erased customer's closed edit still opens: her values read in the reader's words. */}
            {data.response
              .filter((field) => field.key !== 'id')
              .map((field) => (
                <TextInput
                  key={field.key}
                  label={field.isEdited ? t('detail.updated', { field: fieldWords(field.key) }) : fieldWords(field.key)}
                  value={reviewValue(
                    field.key,
                    field.isEdited && field.editedValue != null ? field.editedValue : field.currentValue,
                  )}
                  updated={field.isEdited}
                  hint={
                    field.isEdited
                      ? t('detail.current', { value: reviewValue(field.key, field.currentValue) })
                      : undefined
                  }
                  readOnly
                  dir="auto"
                />
              ))}
          </div>
          <Decision
            accept={accept}
            decline={decline}
            messageLimit={maxLength.DeclineEditBody.message}
            disabled={!can('profile_edit_request', data.state, 'approve', 'staff')}
            onOpen={() => (seen.current = editedAsRead(data))}
            subject={t('detail.editOf', { id: personWords(id) })}
          />
        </>
      ) : null}
    </ContentLayout>
  );
}
