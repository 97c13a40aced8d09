import { useNavigate } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { RateRequestForm } from '../components/rate-request-form';
import { StepsHeader } from '../components/steps-header';

export function NewBookingRoute() {
  const navigate = useNavigate();
  return (
    <ContentLayout title="New Booking">
      <StepsHeader active={0} />
      <RateRequestForm onSaved={() => navigate('/dashboard/bookings')} />
    </ContentLayout>
  );
}
