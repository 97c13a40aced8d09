import { PlaceholderPage } from '@/components/layouts';

export function NewBookingRoute() {
  return <PlaceholderPage title="New Booking">Request a price for your containers.</PlaceholderPage>;
}
