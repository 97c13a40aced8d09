import { isState } from '@/lib/lifecycle';
import type { RateRequestRow } from '../api/booking-api';

/** An order in revision opens the edit page; any other order and "no order yet" open the detail page. */
export function detailsTarget(row: Pick<RateRequestRow, 'id' | 'orderState'>): string {
  return isState('shipping_order', row.orderState, 'revision_requested')
    ? `/dashboard/bookings/rate-request/edit/${row.id}`
    : `/dashboard/bookings/rate-request/detail/${row.id}`;
}

