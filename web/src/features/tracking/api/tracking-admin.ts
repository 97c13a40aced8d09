/**
 * The console's tracking calls: publisher keys, the exceptions, the events that matched no
 * booking (paged, assignable), and a milestone recorded by hand through the DCSA door (`POST /v3/events`
 * with the staff's own token; the standard's body and `feedbackElements`, no envelope).
 */
import { queryOptions } from '@tanstack/react-query';
import { api, bearerOfThisTab } from '@/lib/api-client';
import type { Answer } from '@/types/contract';

const ADMIN = '/integrations/api/v1/admin';
export const UNMATCHED_PAGE = 20;

export type PublisherKeys = Answer<'tracking_admin_list_publisher_keys'>;
export type IssuedKey = Answer<'tracking_admin_create_publisher_key'>;
export type Unmatched = Answer<'tracking_admin_list_unmatched_events'>;
export type Exceptions = Answer<'tracking_admin_tracking_exceptions'>;

// Under 'operations': a booking's change notice (a milestone) marks these stale, as the console's lists.
export const trackingKeys = {
  all: ['operations', 'tracking'] as const,
  keys: () => [...trackingKeys.all, 'publisher-keys'] as const,
  exceptions: () => [...trackingKeys.all, 'exceptions'] as const,
  unmatched: (page: number) => [...trackingKeys.all, 'unmatched', page] as const,
};

export const publisherKeysOptions = () =>
  queryOptions({
    queryKey: trackingKeys.keys(),
    queryFn: ({ signal }) => api.get<PublisherKeys>(`${ADMIN}/publisher-keys`, { signal }),
  });

export const exceptionsOptions = () =>
  queryOptions({
    queryKey: trackingKeys.exceptions(),
    queryFn: ({ signal }) => api.get<Exceptions>(`${ADMIN}/tracking-exceptions`, { signal }),
  });

export const unmatchedOptions = (page: number) =>
  queryOptions({
    queryKey: trackingKeys.unmatched(page),
    queryFn: ({ signal }) =>
      api.get<Unmatched>(`${ADMIN}/tracking-events/unmatched`, {
        signal,
        query: { limit: UNMATCHED_PAGE, offset: page },
      }),
  });

export const issuePublisherKey = (label: string) => api.post<IssuedKey>(`${ADMIN}/publisher-keys`, { label });
export const revokePublisherKey = (id: string) => api.delete(`${ADMIN}/publisher-keys/${encodeURIComponent(id)}`);
export const assignEvent = (id: string, bookingReference: string) =>
  api.put(`${ADMIN}/tracking-events/${encodeURIComponent(id)}/booking`, { bookingReference });

export interface Feedback {
  severity: 'ERROR' | 'WARN' | 'INFO';
  message: string;
  propertyPath?: string;
}

/** Posts events as the signed-in staff member; answers the standard's feedback (refusals throw theirs). */
export async function recordEvents(events: unknown[]): Promise<Feedback[]> {
  const answer = await fetch('/v3/events', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...bearerOfThisTab(),
    },
    body: JSON.stringify({ events }),
  });
  const body = (await answer.json().catch(() => ({}))) as { feedbackElements?: Feedback[] };
  const feedback = body.feedbackElements ?? [];
  if (!answer.ok)
    throw new MilestoneRefused(
      feedback.length ? feedback : [{ severity: 'ERROR', message: `Refused (${answer.status})` }],
    );
  return feedback;
}

export class MilestoneRefused extends Error {
  constructor(readonly feedback: Feedback[]) {
    super(feedback.map((f) => f.message).join('; '));
  }
}
