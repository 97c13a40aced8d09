/** GET /booking/api/v1/admin/work-queue (issue 14): what waits for staff, by kind, with counts and age. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type QueueKind = 'registrations' | 'editRequests' | 'rateRequestsToQuote' | 'bookingRequestsToConfirm' | 'ordersToReview';

export interface WorkQueue {
  kind: QueueKind;
  count: number;
  oldestAt: string | null;
  items: { id: string; reference: string | null; title: string; since: string }[];
}

export const workQueueOptions = () =>
  queryOptions({
    queryKey: ['overview', 'work-queue'] as const,
    staleTime: 0,
    queryFn: async ({ signal }) => (await api.get<{ queues: WorkQueue[] }>('/booking/api/v1/admin/work-queue', { signal })).queues,
  });
