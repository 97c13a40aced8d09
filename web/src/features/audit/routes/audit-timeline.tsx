import { PlaceholderPage } from '@/components/layouts';

export function AuditTimelineRoute() {
  return <PlaceholderPage title="Audit">The event history of every aggregate, in order.</PlaceholderPage>;
}
