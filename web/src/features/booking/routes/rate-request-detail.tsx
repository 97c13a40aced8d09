import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '@/components/layouts';

export function RateRequestDetailRoute() {
  const { id } = useParams();
  return <PlaceholderPage title="Rate Request">Rate request {id}.</PlaceholderPage>;
}
