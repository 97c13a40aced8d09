/**
 * Sailing schedules: the sailings between two ports, a booking's sailing (transport plan and cut-offs),
 * choosing one, and the port search over every UN/LOCODE port.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer } from '@/types/contract';
import { CLIENT, bookingKeys } from './booking-api';

export type { BookingSailing, SailingView } from '@/components/sailing';

export const sailingKeys = {
  between: (polId: number, podId: number) => [...bookingKeys.all, 'sailings', polId, podId] as const,
  ofBooking: (id: string) => [...bookingKeys.all, 'sailing', id] as const,
  ports: (text: string) => [...bookingKeys.all, 'port-search', text] as const,
};

/** The next published sailings from a port of loading to a port of discharge (those leaving from now on). */
export const sailingsOptions = (polId: number | null, podId: number | null) =>
  queryOptions({
    queryKey: sailingKeys.between(polId ?? 0, podId ?? 0),
    enabled: polId !== null && podId !== null && polId !== podId,
    queryFn: async ({ signal }) =>
      (
        await api.get<Answer<'schedules_client_sailings'>>(`${CLIENT}/sailings`, {
          query: { polId: polId ?? 0, podId: podId ?? 0 },
          signal,
        })
      ).list.list,
  });

export const bookingSailingOptions = (id: string) =>
  queryOptions({
    queryKey: sailingKeys.ofBooking(id),
    queryFn: ({ signal }) =>
      api.get<Answer<'schedules_client_booking_sailing_of'>>(`${CLIENT}/rate-requests/${id}/sailing`, { signal }),
  });

/** Every UN/LOCODE port whose code, name or country holds the text (two characters at least). */
export const portSearchOptions = (text: string) =>
  queryOptions({
    queryKey: sailingKeys.ports(text.trim().toLowerCase()),
    enabled: text.trim().length >= 2,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) =>
      (
        await api.get<Answer<'booking_ports'>>(`${CLIENT}/rate-request/general/port/loadings`, {
          query: { search: text.trim(), limit: 50 },
          signal,
        })
      ).list.list,
  });

export function useChooseSailing(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (routingReference: string) =>
      api.put<Answer<'schedules_client_choose_sailing'>>(`${CLIENT}/rate-requests/${id}/sailing`, {
        sailing: { routingReference },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
