export { AuditLink } from './audit-link';
export type { AuditLinkProps } from './audit-link';
