import { useQuery } from '@tanstack/react-query';
import { BookingSailingFacts } from '@/components/sailing';
import type { SailingStanding } from '@/components/sailing';
import { bookingSailingOptions } from '../api/sailings-api';
import bookingStyles from './booking.module.css';

/** The booking's sailing on the customer's screens (nothing until one is chosen); `ended`: the booking is closed
 * (its lifecycle's `closed` screen), so the sailing is only what it was booked on; `settled`: nobody may change
 * it any more. */
export function BookingSailingCard({ id, ...standing }: SailingStanding & { id: string }) {
  const query = useQuery(bookingSailingOptions(id));
  if (!query.data) return null;
  return (
    <div className={bookingStyles.card} data-shared="sailing">
      <BookingSailingFacts booked={query.data} {...standing} />
    </div>
  );
}
