/** GET /booking/api/v1/client/overview: counts by state and the bookings waiting for the customer. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CLIENT } from './booking-api';
import type { Answer } from '@/types/contract';

export type CustomerOverview = Answer<'overview_customer_overview'>;

export const customerOverviewOptions = () =>
  queryOptions({
    // Under 'overview' so live notices refresh it (lib/live.ts).
    queryKey: ['overview', 'customer'] as const,
    staleTime: 0,
    queryFn: ({ signal }) => api.get<CustomerOverview>(`${CLIENT}/overview`, { signal }),
  });
