import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '@/components/layouts';

export function RateRequestEditRoute() {
  const { id } = useParams();
  return <PlaceholderPage title="Edit Rate Request">Rate request {id}.</PlaceholderPage>;
}
