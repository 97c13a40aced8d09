import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
import { IntegrationsPanel } from './integrations-panel';

type Answer = Response | Promise<Response>;

/** A delivery the receiver took at once, about booking FB-2026-000123. */
function delivered(what: { id: string; kind: string; eventType: string; bookingStatus: string }) {
  return {
    ...what,
    eventId: `e-${what.id}`,
    carrierBookingRequestReference: null,
    bookingReference: 'FB-2026-000123',
    state: 'delivered',
    attempts: 1,
    lastStatusCode: 204,
    lastError: null,
    lastAttemptAt: '2026-11-23T11:00:00Z',
    nextAttemptAt: null,
    deliveredAt: '2026-11-23T11:00:00Z',
    createdAt: '2026-11-23T10:30:00Z',
  };
}

describe('IntegrationsPanel', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let answers: Record<string, () => Answer>;

  beforeEach(() => {
    answers = {
      'GET /integrations/api/v1/client/api-keys': () => envelope({ list: [], totalCount: 0 }),
      'GET /integrations/api/v1/client/webhooks': () =>
        envelope({
          list: [{ id: 'w1', callbackUrl: 'https://erp.example.com', createdAt: '2026-11-23T10:00:00Z' }],
          totalCount: 1,
        }),
      'GET /integrations/api/v1/client/webhooks/w1/deliveries': () =>
        envelope({
          list: [
            {
              id: 'd1',
              kind: 'booking',
              eventId: 'e1',
              bookingStatus: 'CONFIRMED',
              carrierBookingRequestReference: 'ref-1',
              bookingReference: 'ref-1',
              state: 'failed',
              attempts: 7,
              lastStatusCode: 500,
              lastError: 'HTTP 500',
              lastAttemptAt: '2026-11-23T11:00:00Z',
              nextAttemptAt: null,
              deliveredAt: null,
              createdAt: '2026-11-23T10:30:00Z',
            },
          ],
          totalCount: 1,
        }),
    };
    fetchMock = vi.fn((url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      const answer = answers[key];
      return Promise.resolve(answer ? answer() : failureEnvelope('Not found', 404));
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('shows a new API key once and sends only its label', async () => {
    answers['POST /integrations/api/v1/client/api-keys'] = () =>
      envelope({
        id: 'k1',
        label: 'ERP',
        hint: 'fbk_abcdef',
        createdAt: '2026-11-23T10:00:00Z',
        revokedAt: null,
        key: 'fbk_secret',
      });
    renderWithProviders(<IntegrationsPanel />);
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'ERP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('shown-once')).textContent).toBe('fbk_secret');
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
    expect(JSON.parse((post?.[1] as RequestInit).body as string)).toEqual({ label: 'ERP' });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('shown-once')).toBeNull();
  });

  it("tells a viewer that her keys read the team's bookings, and a booker that his book", async () => {
    answers['GET /auth/api/v1/me'] = () => envelope({ id: 'm', companyId: 'c', teamRole: 'viewer', language: 'en' });
    const { unmount } = renderWithProviders(<IntegrationsPanel webhooks={false} />);
    expect(await screen.findByText(/read your team's bookings/)).toBeTruthy();
    expect(screen.queryByText(/Your systems book through/)).toBeNull();
    unmount();
    answers['GET /auth/api/v1/me'] = () => envelope({ id: 'm', companyId: 'c', teamRole: 'booker', language: 'en' });
    renderWithProviders(<IntegrationsPanel webhooks={false} />);
    expect(await screen.findByText(/Your systems book through/)).toBeTruthy();
  });

  it('lists the delivery log of a webhook and resends a delivery', async () => {
    answers['POST /integrations/api/v1/client/webhooks/deliveries/d1/resend'] = () =>
      envelope({ id: 'd1', state: 'pending' });
    renderWithProviders(<IntegrationsPanel />);
    const log = await screen.findByRole('table', { name: 'Deliveries' });
    const row = within(log).getAllByRole('row')[1];
    expect(row.textContent).toContain('CONFIRMED');
    expect(row.textContent).toContain('failed');
    expect(row.textContent).toContain('500');
    fireEvent.click(within(row).getByRole('button', { name: 'Resend' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
        '/integrations/api/v1/client/webhooks/deliveries/d1/resend',
      ),
    );
  });

  it('lists tracking deliveries beside booking ones, and says when the log cannot be read', async () => {
    const tracking = delivered({
      id: 'd2',
      kind: 'tracking',
      eventType: 'tracking.event',
      bookingStatus: 'EQUIPMENT:GTIN',
    });
    answers['GET /integrations/api/v1/client/webhooks/w1/deliveries'] = () =>
      envelope({ list: [tracking], totalCount: 1 });
    const first = renderWithProviders(<IntegrationsPanel />);
    const log = await screen.findByRole('table', { name: 'Deliveries' });
    const row = within(log).getAllByRole('row')[1];
    expect(row.textContent).toContain('Tracking event');
    expect(row.textContent).toContain('FB-2026-000123');
    expect(row.textContent).toContain('EQUIPMENT:GTIN');
    first.unmount();

    answers['GET /integrations/api/v1/client/webhooks/w1/deliveries'] = () => failureEnvelope('Internal error', 500);
    renderWithProviders(<IntegrationsPanel />);
    expect((await screen.findByRole('alert')).textContent).toContain('could not be read');
    expect(screen.queryByText('No notifications sent yet.')).toBeNull();
  });

  it('subscribes with the TNT 3.0 consumer format when asked, and says so on the webhook', async () => {
    answers['POST /integrations/api/v1/client/webhooks'] = () =>
      envelope(
        {
          id: 'w2',
          callbackUrl: 'https://tnt.example.com/events',
          createdAt: '2026-11-23T10:00:00Z',
          eventTypes: ['tracking.event'],
          secretRotatedAt: null,
          previousSecretValidUntil: null,
          trackingFormat: 'tnt-3.0',
          secret: 'whsec_x',
        },
        { status: 201 },
      );
    renderWithProviders(<IntegrationsPanel />);
    fireEvent.change(await screen.findByLabelText('Callback URL'), {
      target: { value: 'https://tnt.example.com/events' },
    });
    fireEvent.click(screen.getByLabelText(/DCSA Track & Trace 3.0 consumer/));
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await vi.waitFor(() => {
      const post = fetchMock.mock.calls.find(
        ([url, init]) =>
          url === '/integrations/api/v1/client/webhooks' && (init as RequestInit | undefined)?.method === 'POST',
      );
      expect(JSON.parse((post?.[1] as RequestInit).body as string)).toEqual({
        callbackUrl: 'https://tnt.example.com/events',
        trackingFormat: 'tnt-3.0',
      });
    });
  });

  it("puts the server's message about a callback URL under the field", async () => {
    const message = 'The callback URL must be a public address';
    answers['POST /integrations/api/v1/client/webhooks'] = () =>
      new Response(
        JSON.stringify({
          isSuccess: false,
          isError: true,
          error: { description: `callbackUrl: ${message}`, fields: { callbackUrl: message } },
          response: null,
        }),
        { status: 400, headers: { 'Content-Type': 'application/json' } },
      );
    renderWithProviders(<IntegrationsPanel />);
    fireEvent.change(screen.getByLabelText('Callback URL'), { target: { value: 'http://10.0.0.1/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText(message)).not.toBeNull();
  });

  it('rotates a webhook secret, shows the new one once and asks for an overlap', async () => {
    answers['POST /integrations/api/v1/client/webhooks/w1/rotate-secret'] = () =>
      envelope({ id: 'w1', secret: 'whsec_new', previousSecretValidUntil: '2026-11-24T10:00:00Z' });
    renderWithProviders(<IntegrationsPanel />);
    const hook = await screen.findByRole('article', { name: 'Webhook https://erp.example.com' });
    fireEvent.click(within(hook).getByRole('button', { name: 'Rotate secret' }));
    expect((await screen.findByTestId('shown-once')).textContent).toBe('whsec_new');
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/rotate-secret'));
    expect(JSON.parse((post?.[1] as RequestInit).body as string)).toEqual({ overlapHours: 24 });
  });

  it('names a step of the shipping instructions and of the transport document, in Persian too', async () => {
    answers['GET /integrations/api/v1/client/webhooks/w1/deliveries'] = () =>
      envelope({
        list: [
          delivered({
            id: 'd3',
            kind: 'shipping_instructions',
            eventType: 'shipping_instructions.resubmitted',
            bookingStatus: 'RECEIVED',
          }),
          delivered({
            id: 'd4',
            kind: 'transport_document',
            eventType: 'transport_document.drafted',
            bookingStatus: 'DRAFT',
          }),
        ],
        totalCount: 2,
      });
    const english = renderWithProviders(<IntegrationsPanel />);
    const rows = within(await screen.findByRole('table', { name: 'Deliveries' })).getAllByRole('row');
    expect(rows[1].textContent).toContain('Shipping instructions');
    expect(rows[2].textContent).toContain('Transport document');
    english.unmount();
    await act(() => setLanguage('fa'));
    try {
      renderWithProviders(<IntegrationsPanel />);
      const log = await screen.findByRole('table');
      expect(log.textContent).toContain('دستورالعمل حمل');
      expect(log.textContent).toContain('سند حمل');
      expect(log.textContent).not.toMatch(/other|shipping_instructions</);
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it("reads in Persian: the webhook's name and the previous secret's end as a Solar Hijri time", async () => {
    await act(() => setLanguage('fa'));
    try {
      answers['GET /integrations/api/v1/client/webhooks'] = () =>
        envelope({
          list: [
            {
              id: 'w1',
              callbackUrl: 'https://erp.example.com',
              createdAt: '2026-11-23T10:00:00Z',
              previousSecretValidUntil: '2026-12-29T10:00:00Z',
            },
          ],
          totalCount: 1,
        });
      renderWithProviders(<IntegrationsPanel />);
      const hook = await screen.findByRole('article', { name: 'وب‌هوک \u2068https://erp.example.com\u2069' });
      // 2026-12-29 is 1405/10/08: the time as the viewer's clock shows it, never the wire's ISO text.
      expect(hook.textContent).toContain('۱۴۰۵/۱۰/۰۸');
      expect(hook.textContent).not.toContain('2026-12-29T');
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
