import { isNamed } from '@/lib/lifecycle';
import type { RateRequestRow } from '../api/booking-api';

/** An order in revision opens the edit page; any other order and "no order yet" open the detail page (the
 * order's state by its name: codes may be shared, as `submitted` and `update_received` share 0). */
export function detailsTarget(row: Pick<RateRequestRow, 'id' | 'orderStateName'>): string {
  return isNamed('shipping_order', row.orderStateName, 'revision_requested')
    ? `/dashboard/bookings/rate-request/edit/${row.id}`
    : `/dashboard/bookings/rate-request/detail/${row.id}`;
}
