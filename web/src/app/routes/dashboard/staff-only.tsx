import type { ReactNode } from 'react';
import { PlaceholderPage } from '@/components/layouts';
import { getRoles } from '@/lib/session';

/** Staff pages stay closed to customers; the server enforces the same rule on every call. */
export function StaffOnly({ allow, children }: { allow: (roles: readonly string[]) => boolean; children: ReactNode }) {
  if (!allow(getRoles())) {
    return <PlaceholderPage title="Not available">This area is for staff only.</PlaceholderPage>;
  }
  return children;
}
