// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { machines } from '@/lib/lifecycle';
import { api } from '@/lib/api-client';
import { type Detail, OFFERED_ELSEWHERE, REQUEST_ACTIONS, type RequestAction, requestAction } from './request-actions';

const entries = Object.entries(REQUEST_ACTIONS) as [string, RequestAction][];
const detail = (fields: Partial<Detail>) => ({ id: 'r1', viaApi: false, order: null, ...fields }) as Detail;

describe("the console's steps on a rate request", () => {
  // Spied on, not mocked as a module: the test files of a worker share their modules (vite.config.ts).
  beforeEach(() => {
    vi.spyOn(api, 'put').mockResolvedValue({});
  });

  it('offers every staff trigger of the rate request lifecycle (a new one left out fails here)', () => {
    const staff = new Set(machines.rate_request.transitions.filter((t) => t.actor === 'staff').map((t) => t.trigger));
    expect(staff.size).toBeGreaterThanOrEqual(7);
    const offered = new Set([...Object.keys(REQUEST_ACTIONS), ...Object.keys(OFFERED_ELSEWHERE)]);
    expect([...staff].filter((trigger) => !offered.has(trigger))).toEqual([]);
    // Nothing offered that the lifecycle does not know for staff.
    expect([...offered].filter((trigger) => !staff.has(trigger))).toEqual([]);
  });

  it('keeps the buttons and their words as they were (a new step adds its own)', () => {
    const before = ['request_revision', 'confirm_request', 'confirm_completed', 'confirm_booking', 'reject'];
    const kept = entries.filter(([trigger]) => before.includes(trigger));
    expect(kept.map(([trigger, step]) => [trigger, step.title, step.variant ?? 'primary'])).toEqual([
      ['request_revision', 'Request Revision', 'outline'],
      ['confirm_request', 'Confirm Booking', 'primary'],
      ['confirm_completed', 'Confirm Completed', 'outline'],
      ['confirm_booking', 'Confirm Booking', 'primary'],
      ['reject', 'Reject', 'danger'],
    ]);
    expect(kept.filter(([, step]) => step.reason).map(([trigger]) => trigger)).toEqual(['request_revision', 'reject']);
  });

  it('offers the firm request steps only for a booking made through the API, completion only without an order', () => {
    const viaApi = detail({ viaApi: true });
    const offered = (trigger: string, d: Detail) => requestAction(trigger).offered?.(d) ?? true;
    expect(offered('confirm_request', viaApi)).toBe(true);
    expect(offered('confirm_request', detail({}))).toBe(false);
    expect(offered('confirm_completed', viaApi)).toBe(true);
    expect(offered('confirm_completed', detail({ viaApi: true, order: {} as Detail['order'] }))).toBe(false);
    expect(offered('confirm_booking', detail({}))).toBe(false);
    expect(offered('reject', detail({}))).toBe(true);
  });

  it('calls the admin step of each, with what staff said', async () => {
    const said = { message: 'Wrong port', routing: '' };
    const d = detail({});
    await requestAction('request_revision').call(d, said);
    await requestAction('confirm_request').call(d, said);
    await requestAction('confirm_completed').call(d, said);
    await requestAction('confirm_booking').call(d, said);
    await requestAction('reject').call(d, said);
    await requestAction('confirm_booking').call(d, { message: '', routing: 'R-7' });
    expect(vi.mocked(api.put).mock.calls).toEqual([
      ['/booking/api/v1/admin/rate-requests/r1/request-revision', { message: 'Wrong port' }],
      ['/booking/api/v1/admin/rate-requests/r1/confirm-request'],
      ['/booking/api/v1/admin/rate-requests/r1/confirm-completed'],
      ['/booking/api/v1/admin/rate-requests/r1/confirm-booking', undefined],
      ['/booking/api/v1/admin/rate-requests/r1/reject', { message: 'Wrong port' }],
      ['/booking/api/v1/admin/rate-requests/r1/confirm-booking', { sailing: { routingReference: 'R-7' } }],
    ]);
  });

  // The customer may send other documents while staff read them (decision 3908).
  it('names the booking as the dialog opened, where the step takes a body', async () => {
    const said = { message: '', routing: '', seenUpdatedAt: '2026-11-02T00:00:00.000000Z' };
    const d = detail({});
    await requestAction('confirm_booking').call(d, said);
    await requestAction('confirm_booking').call(d, { ...said, routing: 'R-7' });
    await requestAction('confirm_request').call(d, said);
    await requestAction('confirm_completed').call(d, said);
    const seen = { seenUpdatedAt: said.seenUpdatedAt };
    expect(vi.mocked(api.put).mock.calls).toEqual([
      ['/booking/api/v1/admin/rate-requests/r1/confirm-booking', seen],
      ['/booking/api/v1/admin/rate-requests/r1/confirm-booking', { sailing: { routingReference: 'R-7' }, ...seen }],
      ['/booking/api/v1/admin/rate-requests/r1/confirm-request', seen],
      ['/booking/api/v1/admin/rate-requests/r1/confirm-completed'],
    ]);
  });

  // The customer may fix her request while staff write what to fix (decision 3910).
  it('names the booking as the dialog opened in a revision request and a rejection', async () => {
    const said = { message: 'Wrong port', routing: '', seenUpdatedAt: '2026-11-02T00:00:00.000000Z' };
    const d = detail({});
    await requestAction('request_revision').call(d, said);
    await requestAction('reject').call(d, said);
    const body = { message: 'Wrong port', seenUpdatedAt: said.seenUpdatedAt };
    expect(vi.mocked(api.put).mock.calls).toEqual([
      ['/booking/api/v1/admin/rate-requests/r1/request-revision', body],
      ['/booking/api/v1/admin/rate-requests/r1/reject', body],
    ]);
  });

  it("fills a prompt's price from the booking", () => {
    expect(requestAction('confirm_request').prompt?.(detail({ price: 1200 }))).toBe(
      'Confirm this booking at 1200 USD per container? It was requested through the API: the customer has no price ' +
        'to accept.',
    );
  });
});
