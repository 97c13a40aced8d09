import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { envelope, renderWithProviders } from '@/testing/render';
import type { RateRequestDetail } from './api/booking-api';
import { milestoneWords } from './api/tracking-api';
import { StepsHeader } from './components/steps-header';
import { TrackingPanel } from './components/tracking-panel';
import { BookingsRoute } from './routes/bookings';

const row = {
  id: 'r1',
  reference: 'FB-2026-000123',
  waitingFor: null,
  commodity: 'Saffron',
  hsCode: '091020',
  quantity: 2,
  state: 1,
  stateName: 'requested',
  orderState: null,
  orderStateName: null,
  polTitle: 'Bandar Abbas (IRBND)',
  podTitle: 'Hamburg (DEHAM)',
  cargoDetails: '2 x 20 Dry, Saffron',
  price: 3700,
  validUntil: null,
  preferredShippingDate: '2026-12-29',
  containerType: 'Dry',
  containerSize: '20',
  customerName: 'زهرا حسینی',
  createdAt: '2026-12-01T00:00:00Z',
  viaApi: false,
  updatedAt: null,
  progress: null,
};

beforeEach(async () => {
  await act(() => setLanguage('fa'));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('en'));
});

describe('the booking screens in Persian', () => {
  it('lists the bookings right to left, in Persian words, with the Solar Hijri date and isolated references', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ list: { list: [row], totalCount: 1 } })),
    );
    renderWithProviders(<BookingsRoute />);
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByRole('heading', { name: 'درخواست‌های رزرو' })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(table.textContent).toContain('بندر بارگیری');
    expect(table.textContent).toContain('تاریخ حمل');
    // 2026-12-29 is 1405/10/08 in the Solar Hijri calendar, written in Persian digits.
    expect(table.textContent).toContain('۱۴۰۵/۱۰/۰۸');
    expect(table.querySelector('bdi')?.textContent).toBe('FB-2026-000123');
    expect(table.textContent).not.toMatch(/\b(Reference|Cargo Details|Shipping Date|View Details)\b/);
    // Its reference, and what it carries in Persian words (the server's cargoDetails is English), the typed
    // commodity isolated.
    expect(
      screen.getAllByRole('link', {
        name: 'مشاهدهٔ جزئیات \u2068FB-2026-000123\u2069، ۲ × ۲۰ فوتی خشک، \u2068Saffron\u2069',
      }).length,
    ).toBeGreaterThan(0);
    expect(table.textContent).not.toMatch(/Dry| x /);
  });

  it('names the four steps in Persian with Persian numbers', () => {
    renderWithProviders(<StepsHeader active={1} />);
    const steps = screen.getByRole('list', { name: 'مراحل رزرو' });
    expect(steps.textContent).toContain('درخواست نرخ');
    expect(steps.textContent).toContain('نامهٔ رزرو');
    expect(steps.textContent).toContain('۲');
    expect(steps.textContent).not.toContain('Rate Request');
  });

  it('tells the milestones in Persian, places and vessels isolated', async () => {
    const events = [
      {
        eventID: 'eta',
        eventDateTime: '2026-12-29T08:00:00Z',
        eventClassification: { eventTypeCode: 'TRANSPORT', eventClassifierCode: 'EST', transportEventTypeCode: 'ARRI' },
        eventLocation: { UNLocationCode: 'DEHAM' },
        transportDetails: { transportCall: { vesselTransport: { vesselName: 'KING OF THE SEAS' } } },
      },
    ];
    expect(milestoneWords(events[0])).toBe('رسیدن (تخمینی)');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ events }), { status: 200 })),
    );
    const detail = {
      id: 'r1',
      reference: 'FB-2026-000123',
      progress: { stage: 'departed', summary: 'x', milestones: 1 },
    } as unknown as RateRequestDetail;
    renderWithProviders(<TrackingPanel detail={detail} />);
    expect(screen.getByRole('heading', { name: 'محمولهٔ شما کجاست' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    const item = screen.getByRole('listitem');
    expect(item.textContent).toContain('رسیدن (تخمینی) در DEHAM');
    expect([...item.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['DEHAM', 'KING OF THE SEAS']);
  });
});
