/**
 * Changes to a confirmed booking (amendments and cancellation requests): the customer asks, staff decide.
 * Server: api/routers/booking_changes.py; lifecycles: state-machines/booking_amendment.json and
 * booking_cancellation.json.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookingKeys, CLIENT } from './booking-api';
import type { BookingChanges } from '@/components/booking-changes';
import type { RateRequestPayload } from './booking-api';

export const changeKeys = {
  of: (id: string) => [...bookingKeys.all, 'changes', id] as const,
};

export const bookingChangesOptions = (id: string) =>
  queryOptions({
    queryKey: changeKeys.of(id),
    queryFn: ({ signal }) => api.get<BookingChanges>(`${CLIENT}/rate-requests/${id}/changes`, { signal }),
  });

function useChangeMutation<A>(call: (argument: A) => Promise<BookingChanges>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The booking's own content (approved amendment) and state (confirmed cancellation) change too, and
    // they show in lists, details, the console and the overviews alike: refetch whatever is on screen. A
    // refusal too (somebody else acted meanwhile): the page shows the truth at once, not at the next poll.
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export type CustomerChange = 'accept-price' | 'withdraw-amendment' | 'withdraw-cancellation';
/** A customer's act on her change; accepting names the new price per container her dialog shows, so one
 * staff gave meanwhile is refused (409) naming it, never accepted unread. */
export type CustomerAct =
  { action: 'accept-price'; price: number } | { action: Exclude<CustomerChange, 'accept-price'> };

const CUSTOMER_PATHS: Record<CustomerChange, string> = {
  'accept-price': 'amendments/accept-price',
  'withdraw-amendment': 'amendments/withdraw',
  'withdraw-cancellation': 'cancellation-request/withdraw',
};

export function useRequestAmendment(id: string) {
  return useChangeMutation((payload: RateRequestPayload) =>
    api.post<BookingChanges>(`${CLIENT}/rate-requests/${id}/amendments`, payload),
  );
}

export function useRequestCancellation(id: string) {
  return useChangeMutation((reason: string) =>
    api.post<BookingChanges>(`${CLIENT}/rate-requests/${id}/cancellation-request`, { reason }),
  );
}

export function useCustomerChange(id: string) {
  return useChangeMutation((act: CustomerAct) =>
    api.put<BookingChanges>(
      `${CLIENT}/rate-requests/${id}/${CUSTOMER_PATHS[act.action]}`,
      act.action === 'accept-price' ? { price: act.price } : undefined,
    ),
  );
}
