import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { Spinner } from '@/components/ui/spinner';
import { rateRequestOptions } from '../api/booking-api';
import { BookingNotFound } from '../components/booking-not-found';
import { RateRequestForm } from '../components/rate-request-form';
import { StepsHeader } from '../components/steps-header';

export function NewBookingRoute() {
  const navigate = useNavigate();
  // Book again (`?again=<id>`): the form opens filled from that booking; the customer reviews it and submits.
  const [params] = useSearchParams();
  const again = params.get('again') ?? '';
  const original = useQuery({ ...rateRequestOptions(again), enabled: again !== '' });
  if (again && original.isError) return <BookingNotFound error={original.error} />;
  if (again && !original.data) return <Spinner label="Loading the booking to copy" />;
  const copyOf = again ? original.data : undefined;
  return (
    <ContentLayout
      title={copyOf ? 'Book again' : 'New Booking'}
      description={
        copyOf ? (
          <>
            The lane, containers and cargo of <strong>{copyOf.reference ?? 'your earlier booking'}</strong>: check them,
            choose the shipping date and request the price. Nothing is booked until you do.
          </>
        ) : undefined
      }
    >
      <StepsHeader active={0} />
      {/* The new booking opens at once: its instant price, or that staff price it, is the next thing to read. */}
      <RateRequestForm
        key={copyOf?.id ?? 'new'}
        copyOf={copyOf}
        onSaved={(id) => navigate(id ? `/dashboard/bookings/rate-request/detail/${id}` : '/dashboard/bookings')}
      />
    </ContentLayout>
  );
}
