import { useQuery } from '@tanstack/react-query';
import { BookingSailingFacts } from '@/components/sailing';
import { staffBookingSailingOptions } from '../api/schedules';

/** The sailing the customer (or staff) chose for the open booking; nothing when none is chosen. */
export function StaffBookingSailing({ id }: { id: string }) {
  const query = useQuery(staffBookingSailingOptions(id));
  return query.data ? <BookingSailingFacts booked={query.data} /> : null;
}
