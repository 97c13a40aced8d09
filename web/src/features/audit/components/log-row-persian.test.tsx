import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import type { AuditEvent } from '../api/audit-api';
import { LogRow } from './log-row';

const EVENT: AuditEvent = {
  actor: { id: 'system', role: 'system' },
  actorName: 'System',
  aggregateId: '9b2f6a40-3c1e-5a7d-8f21-6d0c4e5b7a13',
  aggregateKind: 'rate_request',
  changes: {},
  position: 1207,
  reason: null,
  recordedAt: '2026-11-30T10:00:00Z',
  type: 'Quoted',
  version: 3,
};

describe("a log row's position", () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('is written in the digits of the language shown', async () => {
    renderWithProviders(<LogRow event={EVENT} logSearch="" />);
    expect(screen.getByText('#1207')).toBeTruthy();
    await act(() => setLanguage('fa'));
    expect(screen.getByText('#۱۲۰۷')).toBeTruthy();
    expect(screen.queryByText(/1207/)).toBeNull();
  });
});

describe("a log row's reason", () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it("is the system's reason in the language shown, and a person's words as typed", async () => {
    const tariff = { ...EVENT, reason: 'tariff version 3, row 12' };
    const typed = { ...EVENT, position: 1208, reason: 'Customer asked by phone' };
    renderWithProviders(
      <>
        <LogRow event={tariff} logSearch="" />
        <LogRow event={typed} logSearch="" />
      </>,
    );
    expect(screen.getByText('tariff version 3, row 12')).toBeTruthy();
    await act(() => setLanguage('fa'));
    expect(screen.getByText('تعرفه، نسخهٔ ۳، ردیف ۱۲')).toBeTruthy();
    expect(screen.queryByText(/tariff version/)).toBeNull();
    expect(screen.getByText('Customer asked by phone')).toBeTruthy();
  });
});
