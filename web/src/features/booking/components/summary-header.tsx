import { BookingFacts } from '@/components/booking-facts';
import type { RateRequestDetail } from '../api/booking-api';

/** Every booking step's summary: the facts staff see in the console too, one block at every width. */
export function SummaryHeader({ detail }: { detail: RateRequestDetail }) {
  // The facts block is shared with the console; its wrapper only names it (for the browser's word checks).
  return (
    <div data-shared="booking-facts" style={{ display: 'contents' }}>
      <BookingFacts request={detail} order={detail.order} />
    </div>
  );
}
