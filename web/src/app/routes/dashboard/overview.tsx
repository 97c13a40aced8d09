import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { BoxIcon, DocumentIcon, UserIcon } from '@/components/ui/icons';
import { LatestNotifications } from '@/features/accounts/components/latest-notifications';
import { AuditOverviewPanel } from '@/features/audit/components/audit-overview';
import { RegistrationRequestsPanel } from '@/features/admin/components/registration-requests-panel';
import { QuotingPanel } from '@/features/admin/components/quoting-chart';
import { WorkQueuePanel } from '@/features/admin/components/work-queue';
import { CustomerOverviewPanel } from '@/features/booking/components/customer-overview';
import { getRole, getRoles } from '@/lib/session';
import { useTeamRights } from '@/lib/team-rights';
import type { TeamRight } from '@/lib/team-rights';
import { canAudit, canOperate } from './menu';
import styles from './overview.module.css';

// Their words are the common catalogue's overviewLinks.
const CUSTOMER_LINKS: {
  to: string;
  words: 'bookings' | 'newBooking' | 'documents' | 'profile';
  Icon: typeof BoxIcon;
  /** The team right the shortcut's screen needs (a viewer is not offered a new booking). */
  needs?: TeamRight;
}[] = [
  {
    to: '/dashboard/bookings',
    words: 'bookings',
    Icon: BoxIcon,
  },
  {
    to: '/dashboard/bookings/NewBooking',
    words: 'newBooking',
    Icon: BoxIcon,
    needs: 'book',
  },
  { to: '/dashboard/documents', words: 'documents', Icon: DocumentIcon },
  {
    to: '/dashboard/profile?editProfile=true',
    words: 'profile',
    Icon: UserIcon,
  },
];

/**
 * The landing page after login. Customers: what waits for them, their bookings by state, the latest
 * notifications, then shortcuts. Staff: the work queue with counts and age, then the review lists.
 */
export function OverviewRoute() {
  const { t } = useTranslation('common');
  const staffAccount = getRole() === 0;
  const roles = getRoles();
  const may = useTeamRights();
  return (
    <ContentLayout title={t('overview.overview')} description={t('overview.welcomeToTheFreight')}>
      {staffAccount ? null : (
        <>
          <CustomerOverviewPanel />
          <LatestNotifications />
        </>
      )}
      {canOperate(roles) ? <WorkQueuePanel /> : null}
      {canOperate(roles) ? <QuotingPanel /> : null}
      {staffAccount ? null : (
        <ul className={styles.cards}>
          {CUSTOMER_LINKS.filter((link) => !link.needs || may[link.needs]).map(({ to, words, Icon }) => (
            <li key={to}>
              <Link to={to} className={styles.card}>
                <Icon size={28} className={styles.icon} />
                <span className={styles.cardTitle}>{t(`overviewLinks.${words}.title`)}</span>
                <span className={styles.cardText}>{t(`overviewLinks.${words}.text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {canOperate(roles) ? <RegistrationRequestsPanel /> : null}
      {canAudit(roles) && !canOperate(roles) ? <AuditOverviewPanel /> : null}
    </ContentLayout>
  );
}
