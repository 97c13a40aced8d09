import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ShieldIcon } from '@/components/ui/icons';
import { getRoles, isStaff } from '@/lib/session';
import styles from './audit-link.module.css';

export interface AuditLinkProps {
  /** The aggregate whose timeline to open (rate request, shipping order, registration, account, ...). */
  aggregateId: string;
  /** A booking's reference: the link opens the booking's whole trail (rate request, order, tracking). */
  reference?: string | null;
  /** The signed-in roles; read from the session when not given. */
  roles?: readonly string[];
  className?: string;
}

/** The path of an aggregate's audit timeline. */
export function auditTrailPath(aggregateId: string): string {
  return `/dashboard/audit/${encodeURIComponent(aggregateId)}`;
}

/**
 * "Audit trail" link to /dashboard/audit/{id}, for staff detail screens. Renders nothing unless the
 * session's roles include admin or auditor (the same rule the audit routes and the server apply).
 */
export function AuditLink({ aggregateId, reference, roles, className }: AuditLinkProps) {
  const { t } = useTranslation('common');
  if (!aggregateId || !isStaff(roles ?? getRoles())) return null;
  const to = reference ? `/dashboard/audit/bookings/${encodeURIComponent(reference)}` : auditTrailPath(aggregateId);
  return (
    <Link to={to} className={[styles.link, className].filter(Boolean).join(' ')}>
      <ShieldIcon size={18} />
      <span>{t('auditLink.auditTrail')}</span>
    </Link>
  );
}
