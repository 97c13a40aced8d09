import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { vi } from 'vitest';
import { stubFetchEachTest } from '@/testing/fetch';
import { readInPersian } from '@/testing/language';
import { Route, Routes } from 'react-router-dom';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
import type { AuditEvent } from '../api/audit-api';
import { AuditLogRoute } from './audit-log';
import { AuditTimelineRoute } from './audit-timeline';

const ID = '5d90a8d1-cd6a-52da-af49-cd1e3d0b5ef9';
const opened: AuditEvent = {
  position: 1,
  aggregateId: ID,
  aggregateKind: 'account',
  version: 1,
  type: 'Opened',
  recordedAt: '2026-11-21T23:29:58.596764Z',
  actor: { id: 'system', role: 'system' },
  actorName: 'system',
  reason: null,
  changes: { account_type: 0, profile: {}, roles: ['admin'], username: 'admin' },
};
const passwordSet: AuditEvent = {
  ...opened,
  position: 2,
  version: 2,
  type: 'PasswordSet',
  recordedAt: '2026-11-21T23:30:00.006137Z',
  reason: 'bootstrap',
  changes: { password_hash: '$argon2id$v=19$secret', scheme: 'argon2id' },
};

function screens(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/audit" element={<AuditLogRoute />} />
      <Route path="/dashboard/audit/:aggregateId" element={<AuditTimelineRoute />} />
    </Routes>,
    { route },
  );
}

function calledUrls(fetchMock: ReturnType<typeof vi.fn>): string[] {
  return fetchMock.mock.calls.map(([url]) => String(url));
}

describe('audit screens', () => {
  const fetchMock = stubFetchEachTest();

  it('lists the log, pages with Load more and links rows to their timeline', async () => {
    const full = Array.from({ length: 50 }, (_, i) => ({ ...opened, position: i + 1, aggregateId: `agg-${i + 1}` }));
    fetchMock
      .mockResolvedValueOnce(envelope({ list: full, next: 50, head: 51 }))
      .mockResolvedValueOnce(envelope({ list: [{ ...passwordSet, position: 51 }], next: 51, head: 51 }));
    screens('/dashboard/audit?kind=account');
    expect(await screen.findByText('Showing 50 events (the store is at position 51).')).not.toBeNull();
    expect(calledUrls(fetchMock)[0]).toBe('/audit/api/v1/events?after=0&limit=50&kind=account');
    const link = screen.getByRole('link', { name: 'Open timeline of Account agg-1' });
    expect(link.getAttribute('href')).toBe('/dashboard/audit/agg-1');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 51 events (the store is at position 51).')).not.toBeNull();
    expect(calledUrls(fetchMock)[1]).toBe('/audit/api/v1/events?after=50&limit=50&kind=account');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('End of the log.')).not.toBeNull();
  });

  it('applies the person filter from the form', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(envelope({ list: [], next: 0, head: 2 })));
    screens('/dashboard/audit');
    expect(await screen.findByText('No events recorded yet.')).not.toBeNull();
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'کریمی' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('No events match these filters.')).not.toBeNull();
    expect(calledUrls(fetchMock)).toContain(
      `/audit/api/v1/events?after=0&limit=50&person=${encodeURIComponent('کریمی')}`,
    );
  });

  it('shows a timeline with before and after, reason and role badges, both orders', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope({ aggregateId: ID, aggregateKind: 'account', events: [opened, passwordSet] }),
    );
    screens(`/dashboard/audit/${ID}`);
    const first = await screen.findByRole('article', { name: 'Account: opened by System' });
    expect(within(first).getByRole('columnheader', { name: 'Initial value' })).not.toBeNull();
    // An event without a reason says nothing about one (a create has none to give).
    expect(within(first).queryByText(/reason/i)).toBeNull();
    expect(screen.queryByText(ID)).toBeNull();
    expect(within(first).getByText('System')).not.toBeNull();

    const second = screen.getByRole('article', { name: 'Account: password set by System' });
    // A reason is what a person wrote, in whichever language: it sets its own direction.
    expect(within(second).getByText('bootstrap').getAttribute('dir')).toBe('auto');
    const row = within(second).getByRole('row', { name: /Password hash/ });
    expect(within(row).getByText('not set')).not.toBeNull();
    expect(within(row).getByText('set (hidden)')).not.toBeNull();
    expect(second.textContent).not.toContain('$argon2id');

    const titles = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'));
    expect(titles()).toEqual(['audit-event-1', 'audit-event-2']);
    fireEvent.click(screen.getByLabelText('Newest first'));
    expect(titles()).toEqual(['audit-event-2', 'audit-event-1']);
  });

  it('shows the state as of an event', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope({ aggregateId: ID, aggregateKind: 'account', events: [opened, passwordSet] }))
      .mockResolvedValueOnce(
        envelope({
          aggregateId: ID,
          aggregateKind: 'Account',
          version: 1,
          state: { username: 'admin', roles: ['admin'], password_hash: null, id: ID, version: 1 },
        }),
      );
    screens(`/dashboard/audit/${ID}`);
    const first = await screen.findByRole('article', { name: 'Account: opened by System' });
    fireEvent.click(within(first).getByRole('button', { name: 'View as of this point' }));
    const panel = await screen.findByRole('region', { name: 'State as of position 1' });
    await within(panel).findByText('Rebuilt from the events up to version 1.');
    expect(calledUrls(fetchMock)[1]).toBe(`/audit/api/v1/aggregates/${ID}/state?position=1`);
    const hash = within(panel).getByText('Password hash').closest('div') as HTMLElement;
    expect(within(hash).getByText('—')).not.toBeNull();
    await waitFor(() => expect(document.activeElement?.id).toBe('audit-state-heading'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'State as of position 1' })).toBeNull();
  });

  it('says so when the aggregate has no events', async () => {
    fetchMock.mockResolvedValue(failureEnvelope('No such aggregate', 404));
    screens('/dashboard/audit/nope');
    expect(await screen.findByText('No events are recorded for this id.')).not.toBeNull();
  });
});

describe('a booking record’s timeline in Persian', () => {
  const fetchMock = stubFetchEachTest();
  readInPersian();

  it('says the booking’s reference as a word of its sentence, spaced from the next', async () => {
    const quoted = { ...opened, aggregateKind: 'rate_request', bookingReference: 'FB-2026-000006' };
    fetchMock.mockResolvedValueOnce(envelope({ aggregateId: ID, aggregateKind: 'rate_request', events: [quoted] }));
    screens(`/dashboard/audit/${ID}`);
    const link = await screen.findByRole('link', { name: 'کل سابقهٔ رزرو را به زبان ساده بخوانید' });
    const callout = link.closest('p');
    expect(callout?.textContent).toMatch(/^این یکی از پرونده‌های رزرو FB-2026-000006 است، فیلد به فیلد/);
    expect(within(callout!).getByText('FB-2026-000006').getAttribute('dir')).toBe('ltr');
  });
});
