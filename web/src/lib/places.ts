/**
 * Where a time happens: each port's name and time zone, from the server's one rule (`/booking/api/v1/places`),
 * so a screen writes a departure, an arrival or a cut-off as the e-mail about it does.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer } from '@/types/contract';

export type Place = Answer<'places_places'>[number];

/** The places of these UN/LOCODEs by code (empty until read; a screen then writes UTC, never a guess). */
export function usePlaces(codes: (string | null | undefined)[]): Map<string, Place> {
  const wanted = [...new Set(codes.filter((c): c is string => !!c && /^[A-Z]{2}[A-Z2-9]{3}$/.test(c)))].sort();
  const found = useQuery({
    queryKey: ['places', wanted.join(',')],
    queryFn: ({ signal }) =>
      api.get<Answer<'places_places'>>('/booking/api/v1/places', { query: { codes: wanted.join(',') }, signal }),
    enabled: wanted.length > 0,
    staleTime: Infinity,
  });
  return new Map((found.data ?? []).map((p) => [p.code, p]));
}
