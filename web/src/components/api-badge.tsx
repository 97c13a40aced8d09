import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** Marks a booking that came through the DCSA Booking API rather than the screens. */
export function ApiBadge({ viaApi }: { viaApi?: boolean }) {
  const { t } = useTranslation('common');
  if (!viaApi) return null;
  return (
    <Badge tone="neutral" title={t('apiBadge.bookedThroughTheDcsa')} data-testid="api-badge">
      API
    </Badge>
  );
}
