// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { menuSections } from './menu';

const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('dashboard menu', () => {
  it('gives customers Overview, Bookings, Documents and Profile at a desk as on a phone', () => {
    const desktop = menuSections({ roles: [], accountType: 1, mobile: false });
    expect(labels(desktop.main)).toEqual(['Overview', 'Bookings', 'Documents', 'Profile']);
    expect(desktop.main.find((i) => i.label === 'Profile')?.to).toBe('/dashboard/profile?editProfile=true');
    const mobile = menuSections({ roles: [], accountType: 3, mobile: true });
    expect(labels(mobile.main)).toEqual(['Overview', 'Bookings', 'Documents', 'Profile']);
    expect(mobile.main.find((i) => i.label === 'Documents')?.to).toBe('/dashboard/documents');
  });

  it('never shows customers the Staff section', () => {
    for (const accountType of [1, 2, 3] as const) {
      expect(menuSections({ roles: [], accountType, mobile: false }).staff).toEqual([]);
      expect(menuSections({ roles: [], accountType, mobile: true }).staff).toEqual([]);
    }
  });

  it('gives admins registration requests, operations, tariffs, schedules, tracking and audit', () => {
    const { main, staff } = menuSections({ roles: ['admin'], accountType: 0, mobile: false });
    expect(labels(main)).toEqual([]);
    expect(staff.map((i) => [i.label, i.to])).toEqual([
      ['Overview', '/dashboard/overview'],
      ['Operations', '/dashboard/operations'],
      ['Tariffs', '/dashboard/tariffs'],
      ['Schedules', '/dashboard/schedules'],
      ['Tracking', '/dashboard/tracking'],
      ['Audit', '/dashboard/audit'],
    ]);
  });

  it('gives auditors the overview and the audit timeline only', () => {
    const { main, staff } = menuSections({ roles: ['auditor'], accountType: 0, mobile: true });
    expect(labels(main)).toEqual(['Overview']);
    expect(labels(staff)).toEqual(['Audit']);
  });

  it('never links Log out or anything else to /dashboard/request', () => {
    const all = [true, false].flatMap((mobile) => {
      const s = menuSections({ roles: ['admin'], accountType: 1, mobile });
      return [...s.main, ...s.staff];
    });
    expect(all.some((i) => i.to === '/dashboard/request')).toBe(false);
  });
});
