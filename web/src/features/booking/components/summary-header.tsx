import { BookingFacts } from '@/components/booking-facts';
import type { RateRequestDetail } from '../api/booking-api';

/** Every booking step's summary: the facts staff see in the console too, one block at every width. */
export function SummaryHeader({ detail }: { detail: RateRequestDetail }) {
  return <BookingFacts request={detail} order={detail.order} />;
}
