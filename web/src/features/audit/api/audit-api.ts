/** Fetchers, query options and hooks for /audit/api/v1 (admins and auditors; read only). */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { currentLanguage } from '@/i18n';
import { api, ApiError } from '@/lib/api-client';
import { shouldRetry } from '@/lib/query-client';
import { filtersToQuery, hasMoreAfter, LOG_PAGE_SIZE, normalizeFilters } from '../lib/filters';
import type { AsOf } from '../lib/as-of';
import type { AuditFilters } from '../lib/filters';
import type { Answer, Schema } from '@/types/contract';

// The audit shapes, as the server's OpenAPI document declares them.
export type AuditEvent = Schema<'LoggedEvent'>;
type AggregateEvents = Answer<'audit_aggregate_events'>;
type AuditLogPage = Answer<'audit_events'>;
type AggregateStateAsOf = Answer<'audit_state_as_of'>;
/** One booking's whole history in words (rate request, amendments, shipping order, tracking). */
export type BookingTrail = Answer<'audit_booking_history'>;
export type TrailEntry = Schema<'TrailEntry'>;
export type BookingSearchAnswer = Answer<'audit_find_bookings'>;
export type BookingFound = Schema<'BookingFound'>;

/** The aggregate kinds the log filter offers (snake case of the aggregate class, as the log records them). */
export const AGGREGATE_KINDS = [
  'account',
  'registration',
  'profile_edit_request',
  'notification',
  'rate_request',
  'shipping_order',
  'stored_file',
] as const;

export type { AsOf } from '../lib/as-of';

const BASE = '/audit/api/v1';

/** New events keep arriving; a revisit after this long asks again. */
const LIVE_STALE_MS = 10_000;

/** "No such aggregate" and "not yet at that point" (404) or "staff only" (403) will not change on a retry. */
function retryAuditRead(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return false;
  return shouldRetry(failureCount, error);
}

function getAggregateEvents(aggregateId: string, signal?: AbortSignal): Promise<AggregateEvents> {
  return api.get<AggregateEvents>(`${BASE}/aggregates/${encodeURIComponent(aggregateId)}/events`, { signal });
}

function getAuditLog(
  filters: AuditFilters,
  after: number,
  limit = LOG_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<AuditLogPage> {
  return api.get<AuditLogPage>(`${BASE}/events`, { query: filtersToQuery(filters, { after, limit }), signal });
}

/** `at` is an ISO instant. */
function getAggregateState(aggregateId: string, asOf: AsOf, signal?: AbortSignal): Promise<AggregateStateAsOf> {
  const query = 'position' in asOf ? { position: asOf.position } : { at: asOf.at };
  return api.get<AggregateStateAsOf>(`${BASE}/aggregates/${encodeURIComponent(aggregateId)}/state`, { query, signal });
}

function getBookingTrail(reference: string, signal?: AbortSignal): Promise<BookingTrail> {
  return api.get<BookingTrail>(`${BASE}/bookings/${encodeURIComponent(reference)}/trail`, { signal });
}

function findBookings(query: string, signal?: AbortSignal): Promise<BookingSearchAnswer> {
  return api.get<BookingSearchAnswer>(`${BASE}/bookings`, { query: { q: query }, signal });
}

const auditKeys = {
  all: ['audit'] as const,
  aggregate: (aggregateId: string) => ['audit', 'aggregate', aggregateId] as const,
  state: (aggregateId: string, asOf: AsOf) => ['audit', 'aggregate', aggregateId, 'state', asOf] as const,
  log: (filters: AuditFilters) => ['audit', 'log', normalizeFilters(filters)] as const,
  // The trail's, the search's and the overview's words come in the language asked for (Accept-Language):
  // one cache entry per language, so switching languages asks again.
  trail: (reference: string) => ['audit', 'booking', reference.toUpperCase(), currentLanguage()] as const,
  search: (query: string) => ['audit', 'bookings', query, currentLanguage()] as const,
  overview: () => ['audit', 'overview', currentLanguage()] as const,
};

function aggregateEventsQueryOptions(aggregateId: string) {
  return queryOptions({
    queryKey: auditKeys.aggregate(aggregateId),
    queryFn: ({ signal }) => getAggregateEvents(aggregateId, signal),
    staleTime: LIVE_STALE_MS,
    retry: retryAuditRead,
  });
}

function aggregateStateQueryOptions(aggregateId: string, asOf: AsOf) {
  return queryOptions({
    queryKey: auditKeys.state(aggregateId, asOf),
    queryFn: ({ signal }) => getAggregateState(aggregateId, asOf, signal),
    // A position's state never changes; a moment's may only while it lies in the future.
    staleTime: 'position' in asOf ? Infinity : LIVE_STALE_MS,
    retry: retryAuditRead,
  });
}

function auditLogQueryOptions(filters: AuditFilters, limit = LOG_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: [...auditKeys.log(filters), limit] as const,
    queryFn: ({ pageParam, signal }) => getAuditLog(filters, pageParam, limit, signal),
    initialPageParam: 0,
    getNextPageParam: (last: AuditLogPage) => (hasMoreAfter(last, limit) ? last.next : undefined),
    staleTime: LIVE_STALE_MS,
    retry: retryAuditRead,
  });
}

export function useAggregateEvents(aggregateId: string) {
  return useQuery(aggregateEventsQueryOptions(aggregateId));
}

export function useAggregateState(aggregateId: string, asOf: AsOf | null) {
  return useQuery({
    ...aggregateStateQueryOptions(aggregateId, asOf ?? { position: 0 }),
    enabled: asOf !== null,
  });
}

export function useAuditLog(filters: AuditFilters, limit = LOG_PAGE_SIZE) {
  return useInfiniteQuery(auditLogQueryOptions(filters, limit));
}

export function useBookingTrail(reference: string) {
  return useQuery({
    queryKey: auditKeys.trail(reference),
    queryFn: ({ signal }) => getBookingTrail(reference, signal),
    staleTime: LIVE_STALE_MS,
    retry: retryAuditRead,
  });
}

/** Bookings by reference or by a person's name; asks only once there is something to look for. */
export function useBookingSearch(query: string) {
  const text = query.trim();
  return useQuery({
    queryKey: auditKeys.search(text),
    queryFn: ({ signal }) => findBookings(text, signal),
    enabled: text !== '',
    staleTime: LIVE_STALE_MS,
    retry: retryAuditRead,
  });
}

/** Staff's decisions of the last days by kind and the latest of them (the auditor's overview). */
export type AuditOverview = Answer<'audit_audit_overview'>;

export const auditOverviewOptions = () =>
  queryOptions({
    queryKey: auditKeys.overview(),
    queryFn: ({ signal }) => api.get<AuditOverview>(`${BASE}/overview`, { signal }),
    staleTime: LIVE_STALE_MS,
    retry: retryAuditRead,
  });
