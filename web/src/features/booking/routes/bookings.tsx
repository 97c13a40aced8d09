import { Link } from 'react-router-dom';
import { PlaceholderPage } from '@/components/layouts';

export function BookingsRoute() {
  return (
    <PlaceholderPage title="Booking Requests">
      <p>Your booking requests will be listed here.</p>
      <Link to="/dashboard/bookings/NewBooking">New Booking</Link>
    </PlaceholderPage>
  );
}
