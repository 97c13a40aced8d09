import { useNavigate } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { RateRequestForm } from '../components/rate-request-form';
import { StepsHeader } from '../components/steps-header';

export function NewBookingRoute() {
  const navigate = useNavigate();
  return (
    <ContentLayout title="New Booking">
      <StepsHeader active={0} />
      {/* The new booking opens at once: its instant price, or that staff price it, is the next thing to read. */}
      <RateRequestForm
        onSaved={(id) => navigate(id ? `/dashboard/bookings/rate-request/detail/${id}` : '/dashboard/bookings')}
      />
    </ContentLayout>
  );
}
