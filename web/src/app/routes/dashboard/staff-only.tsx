import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { PlaceholderPage } from '@/components/layouts';
import { getRoles } from '@/lib/session';

/** Staff pages stay closed to customers; the server enforces the same rule on every call. */
export function StaffOnly({ allow, children }: { allow: (roles: readonly string[]) => boolean; children: ReactNode }) {
  const { t } = useTranslation('common');
  if (!allow(getRoles())) {
    return <PlaceholderPage title={t('staffOnly.notAvailable')}>{t('staffOnly.thisAreaIsFor')}</PlaceholderPage>;
  }
  return children;
}
