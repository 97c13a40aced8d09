import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { setLanguage } from '@/i18n';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, renderWithProviders } from '@/testing/render';
import { bookingTrail, requestMade } from '@/testing/trail';
import { BookingTrailRoute } from '@/features/audit/routes/booking-trail';
import { AuditLogRoute } from '@/features/audit/routes/audit-log';
import { WorkQueuePanel } from '@/features/admin/components/work-queue';
import { REQUEST_ACTIONS } from '@/features/operations/lib/request-actions';
import type { Tariffs } from '@/features/operations/api/tariffs';
import { TariffsRoute } from '@/features/operations/routes/tariffs';
import { RegistrationRequestDetailRoute } from '@/features/admin/routes/registration-request-detail';
import erased from '../../../contract/erased-person.json';

const tariffs: Tariffs = {
  rows: [
    {
      version: 3,
      row: 2,
      pol: 'IRBND',
      pod: 'CNSHA',
      containerSize: '40',
      containerType: 'Dry',
      cargo: 'general',
      validFrom: '2026-12-29',
      validTo: '2027-03-31',
      oceanFreight: 1200,
      baf: 150,
      thcOrigin: 90,
      thcDestination: 80,
      dgSurcharge: 0,
      reeferSurcharge: 0,
      documentationFee: 45,
    },
  ],
  publicationCount: 1,
  publications: [
    { version: 3, publishedAt: '2026-12-29T08:00:00Z', publishedBy: 'زهرا حسینی', rowCount: 1, lanes: ['IRBND-CNSHA'] },
  ],
};

const trail = bookingTrail(requestMade({ who: 'admin', role: 'Staff', reason: 'بار را دوباره وزن کنید' }));

// No English word of the interface left: the Latin data (ports, codes, references, server words) aside.
const ENGLISH =
  /\b(the|and|of|Submit|Save|Cancel|Booking|Status|State|Tariff|Rows|Version|Publish|Audit|trail|Reason|by)\b/;

describe('staff and auditor screens in Persian', () => {
  const fetchMock = stubFetchEachTest();
  afterEach(() => act(() => setLanguage('en')));

  it('shows the tariff screen right to left, its dates in the Solar Hijri calendar with Persian digits', async () => {
    await act(() => setLanguage('fa'));
    // The publications come a page at a time from their own list (decision 3906).
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes('/tariff-publications')
        ? envelope({ list: tariffs.publications, totalCount: 1, page: 1, limit: 20 })
        : envelope(tariffs),
    );
    renderWithProviders(<TariffsRoute />);
    expect(await screen.findByRole('heading', { level: 1, name: 'تعرفه‌ها' })).not.toBeNull();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('fa');
    const row = await screen.findByTestId('tariff-row');
    // 2026-12-29 is 1405/10/08.
    expect(row.textContent).toContain('۱۴۰۵/۱۰/۰۸');
    expect(row.textContent).toContain('نسخهٔ ۳، ردیف ۲');
    expect(screen.getByRole('heading', { name: 'ردیف‌های معتبر (۱)' })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'انتشار' })).not.toBeNull();
    const publications = screen.getByRole('heading', { name: 'انتشارها' }).parentElement!;
    expect(within(publications).getByText(/توسط/).textContent).toContain('زهرا حسینی');
    const main = document.body.textContent!.replace(
      /IRBND|CNSHA|Dry|general|CSV|UN\/LOCODE|YYYY-MM-DD|BAF|pol,pod[\w,]+/g,
      '',
    );
    expect(main).not.toMatch(ENGLISH);
  });

  it("reads a booking's trail in Persian, the customer's name and the reason isolated", async () => {
    await act(() => setLanguage('fa'));
    fetchMock.mockResolvedValue(envelope(trail));
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/audit/bookings/:reference" element={<BookingTrailRoute />} />
      </Routes>,
      { route: '/dashboard/audit/bookings/FB-2026-000001' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'رزرو \u2068FB-2026-000001\u2069' })).not.toBeNull();
    expect(await screen.findByRole('heading', { level: 2, name: /^سابقهٔ ممیزی: ۱ رویداد/ })).not.toBeNull();
    expect(screen.getByText('دلیل')).not.toBeNull();
    expect(screen.getByText('بار را دوباره وزن کنید').closest('bdi, p')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'همهٔ رویدادها' })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'یافتن رزرو' })).not.toBeNull();
  });

  /** The audit log route showing one event, a price accepted, by `who`. */
  function showAuditLog(who: Record<string, unknown>) {
    fetchMock.mockResolvedValue(
      envelope({
        list: [
          {
            position: 1,
            aggregateId: 'agg-1',
            aggregateKind: 'rate_request',
            version: 1,
            type: 'PriceAccepted',
            recordedAt: '2026-12-29T08:00:00Z',
            ...who,
            reason: null,
            changes: { price: '1200' },
          },
        ],
        next: 1,
        head: 1,
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/audit" element={<AuditLogRoute />} />
      </Routes>,
      { route: '/dashboard/audit' },
    );
  }

  it('lists the audit log in Persian with Persian counts and role badges', async () => {
    await act(() => setLanguage('fa'));
    showAuditLog({ actor: { id: 'c1', role: 'customer' }, actorName: 'علی کریمی' });
    expect(await screen.findByText('نمایش ۱ رویداد (مخزن در جایگاه ۱ است).')).not.toBeNull();
    // The sentence isolates the name alone, so a Latin name keeps its direction and the role stays Persian.
    const sentence = screen.getByText('علی کریمی', { selector: 'strong bdi' }).closest('strong');
    expect(sentence?.textContent).toBe('نرخ پذیرفته شد توسط علی کریمی (مشتری)');
    expect(screen.getByRole('link', { name: 'گشودن خط زمانی درخواست نرخ \u2068agg-1\u2069' })).not.toBeNull();
    expect(screen.getByText(/۱۴۰۵\/۱۰\/۰۸/)).not.toBeNull();
  });

  it("names a company's colleague in the audit log with his team role in Persian", async () => {
    await act(() => setLanguage('fa'));
    showAuditLog({
      actor: { id: 'm1', role: 'customer' },
      actorName: 'Sara Karimi',
      actorTeamRole: 'viewer',
      actorCompany: 'Acme Shipping',
    });
    expect(await screen.findByText('نمایش ۱ رویداد (مخزن در جایگاه ۱ است).')).not.toBeNull();
    const sentence = screen.getByText('\u2068Sara Karimi\u2069', { selector: 'strong bdi' }).closest('strong');
    expect(sentence?.textContent).toBe(
      'نرخ پذیرفته شد توسط \u2068Sara Karimi\u2069 (بیننده، \u2068Acme Shipping\u2069)',
    );
    // Beside the row, who acted: the badge, the name, and his role and company in Persian words.
    const who = screen.getByText('Sara Karimi', { selector: 'span > bdi' }).parentElement;
    expect(who?.textContent).toBe('مشتریSara Karimi(بیننده، Acme Shipping)');
    expect(within(who as HTMLElement).getByText('Acme Shipping').tagName).toBe('BDI');
    const article = sentence?.closest('article');
    expect(article?.textContent ?? '').not.toMatch(/viewer|owner|booker|member/i);
  });

  it("shows staff's work queue and the staff actions' buttons in Persian", async () => {
    await act(() => setLanguage('fa'));
    fetchMock.mockResolvedValue(
      envelope({ queues: [{ kind: 'rateRequestsToQuote', count: 2, oldestAt: null, items: [] }] }),
    );
    renderWithProviders(<WorkQueuePanel />);
    expect(await screen.findByRole('heading', { name: 'صف کار' })).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'درخواست‌های نرخ در انتظار اعلام نرخ ۲' })).not.toBeNull();
    expect(screen.getByText('چیزی در انتظار نیست')).not.toBeNull();
    // The table shared with the server: its Persian words in Persian, its English ones in English.
    expect(REQUEST_ACTIONS.reject?.title).toBe('رد کردن');
    expect(REQUEST_ACTIONS.request_revision?.done).toContain('بازنگری درخواست شد');
    await act(() => setLanguage('en'));
    expect(REQUEST_ACTIONS.reject?.title).toBe('Reject');
  });

  it("isolates each Latin or typed piece of a queue item, so a summary's count stays with its summary", async () => {
    await act(() => setLanguage('fa'));
    const item = {
      id: 'rr-1',
      reference: 'FB-2026-000041',
      who: 'زهرا حسینی',
      about: '1 x 40HC Dry, Pistachios',
      cargo: { quantity: 1, containerSize: '40HC', containerType: 'Dry', commodity: 'Pistachios' },
      title: 'FB-2026-000041',
      since: new Date(Date.now() - 17 * 60_000).toISOString(),
    };
    fetchMock.mockResolvedValue(
      envelope({ queues: [{ kind: 'rateRequestsToQuote', count: 1, oldestAt: item.since, items: [item] }] }),
    );
    renderWithProviders(<WorkQueuePanel />);
    const link = await screen.findByRole('link', { name: /FB-2026-000041/ });
    const isolated = Array.from(link.querySelectorAll('bdi'), (piece) => piece.textContent);
    // What it carries in Persian words, from its parts (`about` is the wire's English).
    expect(isolated).toEqual([item.reference, item.who, '۱ × ۴۰ فوتی های‌کیوب خشک، \u2068Pistachios\u2069']);
    // Nothing of the item stands outside an isolate but its separators.
    const loose = Array.from(link.childNodes)
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent?.trim());
    expect(loose.every((text) => text === '' || text === '–' || text === ':')).toBe(true);
  });
  it("reads an erased customer's sign-up in the reader's words, her name said once", async () => {
    await act(() => setLanguage('fa'));
    const tag = `${erased.marker} 0a1b2c3d4e5f`;
    fetchMock.mockResolvedValue(
      envelope({
        ...Object.fromEntries(
          ['firstname', 'lastname', 'phone', 'email', 'fax', 'postalCode', 'address'].map((k) => [k, erased.marker]),
        ),
        birthDate: '1368/03/14',
        nationalId: tag,
        name: erased.marker,
        id: tag,
        registrationId: '7d9a3c1e-0000-4000-8000-000000000001',
        kind: 1,
        isForeign: false,
        createdAt: '2026-11-30T08:00:00Z',
        declineMessage: null,
        needsAttention: null,
        state: 'accepted',
        stateCode: 2,
        stateLabel: 'Accepted',
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/request/:id" element={<RegistrationRequestDetailRoute kind="individual" />} />
      </Routes>,
      { route: `/dashboard/request/${encodeURIComponent(tag)}` },
    );
    expect(await screen.findByText(`\u2068${erased.words.fa}\u2069 (${erased.words.fa} 0a1b2c3d4e5f)`)).not.toBeNull();
    expect(screen.getByLabelText('نشانی')).toHaveProperty('value', erased.words.fa);
    expect(document.body.textContent).not.toContain(erased.marker);
    expect([...document.querySelectorAll('textarea')].filter((field) => field.value.includes(erased.marker))).toEqual(
      [],
    );
  });
});
