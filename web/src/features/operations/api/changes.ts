/**
 * Staff decisions on the changes customers ask for after confirmation (api/routers/booking_changes.py).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingChanges } from '@/components/booking-changes';
import { api } from '@/lib/api-client';
import type { Answer, Schema } from '@/types/contract';

const ADMIN = '/booking/api/v1/admin';

export const staffChangeKeys = {
  all: ['operations', 'changes'] as const,
  of: (id: string) => [...staffChangeKeys.all, id] as const,
  open: () => [...staffChangeKeys.all, 'open'] as const,
};

export const staffChangesOptions = (id: string) =>
  queryOptions({
    queryKey: staffChangeKeys.of(id),
    queryFn: ({ signal }) => api.get<BookingChanges>(`${ADMIN}/rate-requests/${id}/changes`, { signal }),
  });

export const openChangesOptions = () =>
  queryOptions({
    queryKey: staffChangeKeys.open(),
    queryFn: async ({ signal }) =>
      (await api.get<Answer<'booking_changes_admin_open_booking_changes'>>(`${ADMIN}/booking-changes`, { signal })).list
        .list,
  });

/** The booking as the console's detail reads it (the same query, so one request serves both). */
export const staffBookingOptions = (id: string) =>
  queryOptions({
    queryKey: ['operations', 'detail', id] as const,
    // Staff decide on what is true now: opening a request always asks the server again.
    staleTime: 0,
    queryFn: ({ signal }) =>
      api.get<Answer<'booking_admin_rate_request_detail'>>(`${ADMIN}/rate-requests/${id}`, { signal }),
  });

// A new price's lines as staff typed them; their per-container ones add up to `price` (decision 0101).
type Charges = Schema<'ChargeBody'>[];

export type StaffDecision =
  // With `price`: a firm (API-made) booking's amendment confirmed at its new price per container;
  // `seenUpdatedAt`: the amendment's `updatedAt` as the screen showed it (another one since: 409, 3908).
  | { action: 'approve'; price?: number; charges?: Charges; seenUpdatedAt?: string }
  | { action: 'requote'; price: number; charges?: Charges; validUntil: string }
  // `seenUpdatedAt`: what the screen showed (the amendment's, the booking's as the ask opened, the cancellation
  // request's `updatedAt`): a change the customer made since is refused (409, decision 3910).
  | { action: 'decline'; message: string; seenUpdatedAt?: string }
  | { action: 'ask'; message: string; seenUpdatedAt?: string }
  | { action: 'confirm-cancellation' }
  | { action: 'decline-cancellation'; message: string; seenUpdatedAt?: string };

/** A message to the customer and, when the screen named it, what it showed. */
const said = (decision: { message: string; seenUpdatedAt?: string }) =>
  decision.seenUpdatedAt
    ? { message: decision.message, seenUpdatedAt: decision.seenUpdatedAt }
    : { message: decision.message };

export function useStaffDecision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // A decision moves the booking too (content, price, state): refetch whatever is on screen, after a
    // refusal too (the customer changed it meanwhile: the screen shows what stands at once).
    onSettled: () => queryClient.invalidateQueries(),
    mutationFn: (decision: StaffDecision) => {
      const base = `${ADMIN}/rate-requests/${id}`;
      switch (decision.action) {
        case 'approve': {
          const seen = decision.seenUpdatedAt ? { seenUpdatedAt: decision.seenUpdatedAt } : {};
          const priced = decision.price === undefined ? {} : { price: decision.price, charges: decision.charges };
          const body = { ...priced, ...seen };
          return api.put<BookingChanges>(`${base}/amendments/approve`, Object.keys(body).length > 0 ? body : undefined);
        }
        case 'requote':
          return api.put<BookingChanges>(`${base}/amendments/requote`, {
            price: decision.price,
            charges: decision.charges,
            validUntil: decision.validUntil,
          });
        case 'decline':
          return api.put<BookingChanges>(`${base}/amendments/decline`, said(decision));
        case 'ask':
          return api.put<BookingChanges>(`${base}/amendments/ask`, said(decision));
        case 'confirm-cancellation':
          return api.put<BookingChanges>(`${base}/cancellation-request/confirm`);
        case 'decline-cancellation':
          return api.put<BookingChanges>(`${base}/cancellation-request/decline`, said(decision));
      }
    },
  });
}
