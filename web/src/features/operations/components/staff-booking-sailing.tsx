import { useQuery } from '@tanstack/react-query';
import { BookingSailingFacts } from '@/components/sailing';
import type { SailingStanding } from '@/components/sailing';
import { staffBookingSailingOptions } from '../api/schedules';

/** The sailing the customer (or staff) chose for the open booking; nothing when none is chosen. `ended`: the
 * booking is closed (cancelled, rejected, declined, expired), so the sailing is only what it was booked on;
 * `settled`: nobody may change it any more. */
export function StaffBookingSailing({ id, ...standing }: SailingStanding & { id: string }) {
  const query = useQuery(staffBookingSailingOptions(id));
  return query.data ? <BookingSailingFacts booked={query.data} {...standing} /> : null;
}
