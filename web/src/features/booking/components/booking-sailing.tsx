import { useQuery } from '@tanstack/react-query';
import { BookingSailingFacts } from '@/components/sailing';
import { bookingSailingOptions } from '../api/sailings-api';
import bookingStyles from './booking.module.css';

/** The booking's sailing on the customer's screens (nothing until one is chosen). */
export function BookingSailingCard({ id }: { id: string }) {
  const query = useQuery(bookingSailingOptions(id));
  if (!query.data) return null;
  return (
    <div className={bookingStyles.card} data-shared="sailing">
      <BookingSailingFacts booked={query.data} />
    </div>
  );
}
