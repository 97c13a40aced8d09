import { isState } from '@/lib/lifecycle';
import type { RateRequestRow } from '../api/booking-api';

export type SortKey = 'newest' | 'old' | 'type';

/** Client-side sort of the loaded rows (the server has no sort parameter; it answers newest first). */
export function sortRows(rows: RateRequestRow[], sort: SortKey): RateRequestRow[] {
  const copy = [...rows];
  const time = (r: RateRequestRow) => Date.parse(r.createdAt) || 0;
  if (sort === 'newest') return copy.sort((a, b) => time(b) - time(a));
  if (sort === 'old') return copy.sort((a, b) => time(a) - time(b));
  return copy.sort((a, b) => (a.containerType ?? '').localeCompare(b.containerType ?? '') || time(b) - time(a));
}

/** An order in revision opens the edit page; any other order and "no order yet" open the detail page. */
export function detailsTarget(row: Pick<RateRequestRow, 'id' | 'orderState'>): string {
  return isState('shipping_order', row.orderState, 'revision_requested')
    ? `/dashboard/bookings/rate-request/edit/${row.id}`
    : `/dashboard/bookings/rate-request/detail/${row.id}`;
}

