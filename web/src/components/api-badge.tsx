import { Badge } from '@/components/ui/badge';

/** Marks a booking that came through the DCSA Booking API rather than the screens. */
export function ApiBadge({ viaApi }: { viaApi?: boolean }) {
  if (!viaApi) return null;
  return (
    <Badge tone="neutral" title="Booked through the DCSA Booking API" data-testid="api-badge">
      API
    </Badge>
  );
}
