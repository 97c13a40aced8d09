/** The staff's view of sailings: the published schedules and a booking's sailing. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer } from '@/types/contract';

const ADMIN = '/booking/api/v1/admin';

export const publishedSchedulesOptions = () =>
  queryOptions({
    queryKey: ['operations', 'schedules'],
    queryFn: async ({ signal }) =>
      (await api.get<Answer<'schedules_published_schedules'>>(`${ADMIN}/vessel-schedules`, { signal })).list.list,
  });

export const staffBookingSailingOptions = (id: string) =>
  queryOptions({
    queryKey: ['operations', 'sailing', id],
    staleTime: 0,
    queryFn: ({ signal }) =>
      api.get<Answer<'schedules_staff_booking_sailing'>>(`${ADMIN}/rate-requests/${id}/sailing`, { signal }),
  });

export const staffSailingsOptions = (polId: number, podId: number) =>
  queryOptions({
    queryKey: ['operations', 'sailings', polId, podId],
    queryFn: async ({ signal }) =>
      (await api.get<Answer<'schedules_staff_sailings'>>(`${ADMIN}/sailings`, { query: { polId, podId }, signal })).list
        .list,
  });
