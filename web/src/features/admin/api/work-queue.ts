/** GET /booking/api/v1/admin/work-queue: what waits for staff, by kind, with counts and age. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer, Schema } from '@/types/contract';

export type WorkQueue = Schema<'WorkQueue'>;
export type QueueKind = WorkQueue['kind'];
export type QueueEntry = Schema<'QueueItem'>;

export const workQueueOptions = () =>
  queryOptions({
    queryKey: ['overview', 'work-queue'] as const,
    staleTime: 0,
    queryFn: async ({ signal }) =>
      (await api.get<Answer<'overview_work_queue'>>('/booking/api/v1/admin/work-queue', { signal })).queues,
  });
