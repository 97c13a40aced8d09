/** The tariff calls of the console, typed by the server's OpenAPI document. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer } from '@/types/contract';

const ADMIN = '/booking/api/v1/admin';

export type Tariffs = Answer<'tariffs_tariffs'>;
export type TariffPublication = Answer<'tariffs_publish_tariff'>;
export type TariffSuggestion = Answer<'tariffs_tariff_suggestion'>;
export type TariffPublications = Answer<'tariffs_tariff_publications'>;

export const PUBLICATIONS_PAGE = 20;

export const tariffsOptions = () =>
  queryOptions({
    queryKey: ['tariffs'],
    staleTime: 0,
    queryFn: ({ signal }) => api.get<Tariffs>(`${ADMIN}/tariffs`, { signal }),
  });

/** Every publication, newest first, a page at a time (the tariff's own answer carries only the latest). */
export const tariffPublicationsOptions = (page: number) =>
  queryOptions({
    queryKey: ['tariffs', 'publications', page],
    staleTime: 0,
    queryFn: ({ signal }) =>
      api.get<TariffPublications>(`${ADMIN}/tariff-publications`, {
        query: { limit: PUBLICATIONS_PAGE, page },
        signal,
      }),
  });

export const suggestionOptions = (rateRequestId: string) =>
  queryOptions({
    queryKey: ['operations', 'tariff-suggestion', rateRequestId],
    staleTime: 0,
    queryFn: ({ signal }) =>
      api.get<TariffSuggestion>(`${ADMIN}/rate-requests/${encodeURIComponent(rateRequestId)}/tariff-suggestion`, {
        signal,
      }),
  });

export function publishTariff(csv: string): Promise<TariffPublication> {
  return api.putText<TariffPublication>(`${ADMIN}/tariffs`, csv, 'text/csv');
}
