import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { ApiError } from '@/lib/api-client';

/**
 * An unknown id and another customer's booking answer 404 alike (no leak of existence): one clear state
 * with the way back, instead of a spinner. Any other failure says so and offers the same way back.
 */
export function BookingNotFound({ error }: { error: unknown }) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 403);
  return (
    <ContentLayout title={missing ? 'Booking not found' : 'The booking could not be loaded'}>
      <p role="alert">
        {missing
          ? 'There is no booking with this address in your account. It may have been mistyped or belong to someone else.'
          : error instanceof Error
            ? error.message
            : 'Please try again.'}
      </p>
      <p>
        <Link to="/dashboard/bookings">Back to your bookings</Link>
      </p>
    </ContentLayout>
  );
}
