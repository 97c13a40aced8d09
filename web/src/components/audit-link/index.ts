export { AuditLink, auditTrailPath } from './audit-link';
export type { AuditLinkProps } from './audit-link';
