/** How quoting goes, by week: the staff overview's figures, typed by the server's document. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer } from '@/types/contract';

export type QuotingWeeks = Answer<'tariffs_quoting_stats'>;

export const quotingStatsOptions = (weeks: number) =>
  queryOptions({
    queryKey: ['quoting-stats', weeks],
    queryFn: ({ signal }) => api.get<QuotingWeeks>('/booking/api/v1/admin/quoting-stats', { query: { weeks }, signal }),
  });
