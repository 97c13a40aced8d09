import { isNamed } from '@/lib/lifecycle';
import type { RateRequestRow } from '../api/booking-api';

/** The customer's bookings waiting for her move (`?waiting=me`, decision 3909): where the overview's
 * "waiting for you" list leads for the rest of them. */
export const WAITING_PARAM = 'waiting';
export const WAITING_FOR_ME = 'me';
export const waitingListPath = `/dashboard/bookings?${WAITING_PARAM}=${WAITING_FOR_ME}`;

/** An order in revision opens the edit page; any other order and "no order yet" open the detail page (the
 * order's state by its name: codes may be shared, as `submitted` and `update_received` share 0). */
export function detailsTarget(row: Pick<RateRequestRow, 'id' | 'orderStateName'>): string {
  return isNamed('shipping_order', row.orderStateName, 'revision_requested')
    ? `/dashboard/bookings/rate-request/edit/${row.id}`
    : `/dashboard/bookings/rate-request/detail/${row.id}`;
}
