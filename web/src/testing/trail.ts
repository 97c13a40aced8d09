import type { BookingTrail } from '@/features/audit/api/audit-api';

type TrailEntry = BookingTrail['entries'][number];

/** The first line of a booking's trail: its customer made the rate request (each test overrides who and why). */
export function requestMade(overrides: Partial<TrailEntry> = {}): TrailEntry {
  return {
    position: 6,
    recordedAt: '2026-11-26T12:10:05.255135Z',
    when: '2026/11/26 12:10 UTC',
    who: 'علی کریمی',
    role: 'Customer',
    part: 'Booking',
    what: 'Rate request made',
    reason: null,
    values: [{ label: 'Port of loading', value: 'Shanghai (CNSHA)' }],
    ...overrides,
  };
}

/** Booking FB-2026-000001 of علی کریمی, at its shipping order, with the trail `entries`. */
export function bookingTrail(...entries: TrailEntry[]): BookingTrail {
  return {
    bookingId: '9d7b139e-4b42-49f9-abd3-963b6d274337',
    reference: 'FB-2026-000001',
    customerName: 'علی کریمی',
    state: 'Shipping order',
    createdAt: '2026/11/26 12:10 UTC',
    updatedAt: '2026/11/26 12:12 UTC',
    matchedPeople: [],
    entries,
  };
}
