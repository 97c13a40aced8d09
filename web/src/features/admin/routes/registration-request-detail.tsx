import { isLtrKey } from '@/components/ui/ltr';
import { useParams } from 'react-router-dom';
import { AttentionNote } from '@/components/attention-badge';
import { AuditLink } from '@/components/audit-link';
import { ContentLayout } from '@/components/layouts';
import { Spinner } from '@/components/ui/spinner';
import { can, label } from '@/lib/lifecycle';
import { fieldWords } from '@/lib/field-words';
import { personName, personWords } from '@/lib/people';
import { useRegistration, useRegistrationDecision } from '../api/requests';
import type { CustomerKind, RegistrationDetail } from '../api/requests';
import { DecidedBy, Decision } from '../components/decision';
import { reviewValue } from '../lib/review-value';
import { ReadOnlyField } from '../components/read-only-field';
import styles from '../components/admin.module.css';
import { useTranslation } from 'react-i18next';
import { maxLength } from '@/types/limits';

export type { CustomerKind };

// Each field is named by the shared catalogue (contract/field-labels.json `profile`, the spec's spellings by its
// aliases); a company's national ID is its company ID (`national_code`).
type FieldName =
  | 'firstname'
  | 'lastname'
  | 'birthDate'
  | 'nationalId'
  | 'companyId'
  | 'phone'
  | 'email'
  | 'fax'
  | 'postalCode'
  | 'address'
  | 'name'
  | 'contactPerson'
  | 'economicCode'
  | 'registerationCode';
const FIELDS: Record<CustomerKind, [keyof RegistrationDetail, FieldName][]> = {
  individual: [
    ['firstname', 'firstname'],
    ['lastname', 'lastname'],
    ['birthDate', 'birthDate'],
    ['nationalId', 'nationalId'],
    ['phone', 'phone'],
    ['email', 'email'],
    ['fax', 'fax'],
    ['postalCode', 'postalCode'],
    ['address', 'address'],
  ],
  domestic: [
    ['name', 'name'],
    ['contactPerson', 'contactPerson'],
    ['economicCode', 'economicCode'],
    ['registerationCode', 'registerationCode'],
    ['nationalId', 'companyId'],
    ['phone', 'phone'],
    ['email', 'email'],
    ['fax', 'fax'],
    ['postalCode', 'postalCode'],
    ['address', 'address'],
  ],
  foreign: [
    ['name', 'name'],
    ['contactPerson', 'contactPerson'],
    ['email', 'email'],
    ['phone', 'phone'],
    ['postalCode', 'postalCode'],
    ['fax', 'fax'],
    ['address', 'address'],
  ],
};

/** Who signs up, in the words staff know them by: the person's name, or the company's, with its ID. The name is
 * isolated (first-strong isolate): a Persian name before "(ID)" otherwise pulls the brackets into its run. */
function applicant(kind: CustomerKind, data: RegistrationDetail): string {
  const name = personWords(kind === 'individual' ? personName(data.firstname, data.lastname) : String(data.name ?? ''));
  const id = personWords(String(data.nationalId));
  return name ? `\u2068${name}\u2069 (${id})` : id;
}

export function RegistrationRequestDetailRoute({ kind }: { kind: CustomerKind }) {
  const { t } = useTranslation('admin');
  const id = useParams().id ?? '';
  const query = useRegistration(kind, id);
  const { accept, decline } = useRegistrationDecision(kind, id);
  const data = query.data;
  return (
    <ContentLayout
      title={t('registrations.title')}
      description={data ? applicant(kind, data) : t('detail.request', { id })}
    >
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <p role="alert">{query.error.message}</p> : null}
      {data ? (
        <>
          <AttentionNote needsAttention={data.needsAttention} />
          <p className={styles.meta}>
            {t('detail.state')} <strong>{label('registration', data.state) || data.stateLabel}</strong>
            {data.declineMessage ? (
              <>
                {' ('}
                <bdi>{data.declineMessage}</bdi>)
              </>
            ) : null}{' '}
            <AuditLink aggregateId={data.registrationId} />
          </p>
          <DecidedBy decidedBy={data.decidedBy} decidedAt={data.decidedAt} />
          <div className={styles.fields}>
            {FIELDS[kind].map(([key, label]) => (
              <ReadOnlyField
                key={key}
                label={fieldWords(label === 'companyId' ? 'nationalCode' : label)}
                value={reviewValue(label, data[key])}
                ltr={isLtrKey(label)}
              />
            ))}
          </div>
          <Decision
            accept={accept}
            decline={decline}
            messageLimit={maxLength.DeclineBody.message}
            disabled={!can('registration', data.state, 'accept', 'staff')}
            subject={t('detail.signUpOf', { who: applicant(kind, data) })}
          />
        </>
      ) : null}
    </ContentLayout>
  );
}
