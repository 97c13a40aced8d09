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

export type SchedulePreview = Answer<'schedules_preview_vessel_schedules'>;
export type SailingChange = SchedulePreview['added'][number];

/** What publishing `body` (a CS 1.0 `vessel-schedules` document) would change; nothing is stored. */
export function previewSchedules(body: unknown): Promise<SchedulePreview> {
  return api.post<SchedulePreview>(`${ADMIN}/vessel-schedules/preview`, body);
}

export function publishSchedules(body: unknown): Promise<Answer<'schedules_publish_vessel_schedules'>> {
  return api.put<Answer<'schedules_publish_vessel_schedules'>>(`${ADMIN}/vessel-schedules`, body);
}

/** What removing the service would take off (the sailings and the bookings made for them). */
export const serviceRemovalOptions = (serviceCode: string) =>
  queryOptions({
    queryKey: ['operations', 'schedules', 'removal', serviceCode],
    staleTime: 0,
    queryFn: ({ signal }) =>
      api.get<Answer<'schedules_preview_service_removal'>>(
        `${ADMIN}/vessel-schedules/${encodeURIComponent(serviceCode)}/removal`,
        { signal },
      ),
  });

export function removeService(serviceCode: string): Promise<Answer<'schedules_remove_service'>> {
  return api.delete<Answer<'schedules_remove_service'>>(`${ADMIN}/vessel-schedules/${encodeURIComponent(serviceCode)}`);
}
