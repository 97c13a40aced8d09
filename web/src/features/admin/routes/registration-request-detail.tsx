import { useParams } from 'react-router-dom';
import { AttentionNote } from '@/components/attention-badge';
import { AuditLink } from '@/components/audit-link';
import { ContentLayout } from '@/components/layouts';
import { Spinner } from '@/components/ui/spinner';
import { can } from '@/lib/lifecycle';
import { useRegistration, useRegistrationDecision } from '../api/requests';
import type { CustomerKind, RegistrationDetail } from '../api/requests';
import { Decision } from '../components/decision';
import { ReadOnlyField } from '../components/read-only-field';
import styles from '../components/admin.module.css';

export type { CustomerKind };

const FIELDS: Record<CustomerKind, [keyof RegistrationDetail, string][]> = {
  individual: [
    ['firstname', 'First Name'],
    ['lastname', 'Last Name'],
    ['birthDate', 'Birth Date'],
    ['nationalId', 'National ID'],
    ['phone', 'Phone'],
    ['email', 'Email'],
    ['fax', 'Fax'],
    ['postalCode', 'Postal Code'],
    ['address', 'Address'],
  ],
  domestic: [
    ['name', 'Company Name'],
    ['contactPerson', 'Contact Person'],
    ['economicCode', 'Economic Code'],
    ['registerationCode', 'Registration Code'],
    ['nationalId', 'Company ID'],
    ['phone', 'Phone'],
    ['email', 'Email'],
    ['fax', 'Fax'],
    ['postalCode', 'Postal Code'],
    ['address', 'Address'],
  ],
  foreign: [
    ['name', 'Company Name'],
    ['contactPerson', 'Contact Person'],
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['postalCode', 'Postal Code'],
    ['fax', 'Fax'],
    ['address', 'Address'],
  ],
};

/** Who signs up, in the words staff know them by: the person's name, or the company's, with its ID. The name is
 * isolated (first-strong isolate): a Persian name before "(ID)" otherwise pulls the brackets into its run. */
function applicant(kind: CustomerKind, data: RegistrationDetail): string {
  const name =
    kind === 'individual' ? [data.firstname, data.lastname].filter(Boolean).join(' ') : String(data.name ?? '');
  return name ? `\u2068${name}\u2069 (${data.nationalId})` : String(data.nationalId);
}

export function RegistrationRequestDetailRoute({ kind }: { kind: CustomerKind }) {
  const id = useParams().id ?? '';
  const query = useRegistration(kind, id);
  const { accept, decline } = useRegistrationDecision(kind, id);
  const data = query.data;
  return (
    <ContentLayout title="Registration Requests" description={data ? applicant(kind, data) : `Request ${id}`}>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <p role="alert">{query.error.message}</p> : null}
      {data ? (
        <>
          <AttentionNote needsAttention={data.needsAttention} />
          <p className={styles.meta}>
            State: <strong>{data.stateLabel}</strong>
            {data.declineMessage ? ` (${data.declineMessage})` : ''} <AuditLink aggregateId={data.registrationId} />
          </p>
          <div className={styles.fields}>
            {FIELDS[kind].map(([key, label]) => (
              <ReadOnlyField key={key} label={label} value={String(data[key] ?? '')} />
            ))}
          </div>
          <Decision
            accept={accept}
            decline={decline}
            disabled={!can('registration', data.state, 'accept', 'staff')}
            subject={`the sign-up of ${applicant(kind, data)}`}
          />
        </>
      ) : null}
    </ContentLayout>
  );
}
