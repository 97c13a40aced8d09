import { PlaceholderPage } from '@/components/layouts';

/** Served at /dashboard/documents and at the spec's misspelt /dashboard/doucuments. */
export function DocumentsRoute() {
  return <PlaceholderPage title="Documents" />;
}
