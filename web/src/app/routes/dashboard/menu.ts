/**
 * The dashboard menu as data. Spec 000: side menu Bookings, Profile, Log out; the mobile menu adds
 * Overview and Documents. Staff (roles admin or auditor, accountType 0) get a Staff section instead of
 * the customer items; customers never see it.
 */
import type { AccountType } from '@/lib/session';

export type MenuIcon = 'overview' | 'bookings' | 'documents' | 'profile' | 'requests' | 'operations' | 'tariffs' | 'tracking' | 'audit';

export interface MenuItem {
  label: string;
  to: string;
  icon: MenuIcon;
}

export interface MenuSections {
  main: MenuItem[];
  staff: MenuItem[];
}

const OVERVIEW: MenuItem = { label: 'Overview', to: '/dashboard/overview', icon: 'overview' };
const BOOKINGS: MenuItem = { label: 'Bookings', to: '/dashboard/bookings', icon: 'bookings' };
const DOCUMENTS: MenuItem = { label: 'Documents', to: '/dashboard/documents', icon: 'documents' };
const PROFILE: MenuItem = { label: 'Profile', to: '/dashboard/profile?editProfile=true', icon: 'profile' };
const REGISTRATION_REQUESTS: MenuItem = { label: 'Registration Requests', to: '/dashboard/overview', icon: 'requests' };
const OPERATIONS: MenuItem = { label: 'Operations', to: '/dashboard/operations', icon: 'operations' };
const TARIFFS: MenuItem = { label: 'Tariffs', to: '/dashboard/tariffs', icon: 'tariffs' };
const TRACKING: MenuItem = { label: 'Tracking', to: '/dashboard/tracking', icon: 'tracking' };
const AUDIT: MenuItem = { label: 'Audit', to: '/dashboard/audit', icon: 'audit' };

export interface MenuContext {
  roles: readonly string[];
  accountType: AccountType | null;
  mobile: boolean;
}

export function canOperate(roles: readonly string[]): boolean {
  return roles.includes('admin');
}

export function canAudit(roles: readonly string[]): boolean {
  return roles.includes('admin') || roles.includes('auditor');
}

export function menuSections({ roles, accountType, mobile }: MenuContext): MenuSections {
  const staffAccount = accountType === 0;
  // Auditors are read-only: only the audit timeline is theirs.
  const staff = [
    ...(canOperate(roles) ? [REGISTRATION_REQUESTS, OPERATIONS, TARIFFS, TRACKING] : []),
    ...(canAudit(roles) ? [AUDIT] : []),
  ];
  // For admins Registration Requests already leads to the overview; a second link there would be noise.
  if (staffAccount) return { main: canOperate(roles) ? [] : [OVERVIEW], staff };
  const main = mobile ? [OVERVIEW, BOOKINGS, DOCUMENTS, PROFILE] : [BOOKINGS, PROFILE];
  return { main, staff };
}
