import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '@/lib/session';
import { renderWithProviders } from '@/testing/render';
import { AuditLink, auditTrailPath } from './audit-link';

describe('AuditLink', () => {
  it('links admins and auditors to the timeline', () => {
    startSession({ token: 't', accountType: 0, roles: ['auditor'] });
    renderWithProviders(<AuditLink aggregateId="5d90a8d1-cd6a-52da-af49-cd1e3d0b5ef9" />);
    const link = screen.getByRole('link', { name: 'Audit trail' });
    expect(link.getAttribute('href')).toBe('/dashboard/audit/5d90a8d1-cd6a-52da-af49-cd1e3d0b5ef9');
  });

  it('renders nothing for customers or without an id', () => {
    startSession({ token: 't', accountType: 1, roles: [] });
    const { container } = renderWithProviders(<AuditLink aggregateId="x" />);
    expect(container.querySelector('a')).toBeNull();
    renderWithProviders(<AuditLink aggregateId="" roles={['admin']} />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('takes roles from props when given', () => {
    renderWithProviders(<AuditLink aggregateId="a b" roles={['admin']} />);
    expect(screen.getByRole('link', { name: 'Audit trail' }).getAttribute('href')).toBe(auditTrailPath('a b'));
    expect(auditTrailPath('a b')).toBe('/dashboard/audit/a%20b');
  });
});

describe('AuditLink to a booking', () => {
  it("opens the booking's whole trail by its reference", () => {
    renderWithProviders(<AuditLink aggregateId="5d90a8d1" reference="FB-2026-000001" roles={['admin']} />);
    expect(screen.getByRole('link', { name: 'Audit trail' }).getAttribute('href')).toBe(
      '/dashboard/audit/bookings/FB-2026-000001',
    );
  });
});
