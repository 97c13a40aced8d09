import { PlaceholderPage } from '@/components/layouts';

export function OperationsRoute() {
  return (
    <PlaceholderPage title="Operations">
      Quote rate requests, request revisions, confirm bookings and accept shipping orders.
    </PlaceholderPage>
  );
}
