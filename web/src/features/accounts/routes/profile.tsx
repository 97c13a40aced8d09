import { Link, useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { getRole } from '@/lib/session';
import type { CustomerKind } from '../api/registration';
import { ChangePasswordForm } from '../components/change-password-form';
import { EmailPreferencesPanel } from '../components/email-preferences';
import { EndAllSessions } from '../components/end-all-sessions';
import { IntegrationsPanel } from '../components/integrations-panel';
import { ProfileForm } from '../components/profile-form';
import styles from '../components/accounts.module.css';

/** The profile's tabs, each opened by its query parameter (`?security=true`); the first one asked for wins. */
const TABS = [
  { param: 'editProfile', title: 'Edit Profile', customersOnly: false },
  { param: 'security', title: 'Security', customersOnly: false },
  { param: 'integrations', title: 'Integrations', customersOnly: true },
  { param: 'emails', title: 'E-mails', customersOnly: true },
] as const;

type Tab = (typeof TABS)[number]['param'];

/** ?editProfile=true: the Edit Profile tab; ?security=true: the Security tab; ?integrations=true: API keys and
 * webhooks; ?emails=true: which booking e-mails the customer gets; none: the first tab the person has (a
 * customer's profile, staff's security), never a bare heading. */
export function ProfileRoute() {
  const [params] = useSearchParams();
  const role = getRole();
  const kind = role === 1 || role === 2 || role === 3 ? (role as CustomerKind) : null;
  const open = TABS.find((t) => params.get(t.param) === 'true') ?? (kind ? TABS[0] : TABS[1]);
  const shown = (tab: Tab) => open.param === tab;
  return (
    <ContentLayout title={open.title}>
      <nav className={styles.tabs} aria-label="Profile tabs">
        {TABS.filter((t) => kind || !t.customersOnly).map((t) => (
          <Link
            key={t.param}
            to={`/dashboard/profile?${t.param}=true`}
            className={shown(t.param) ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            aria-current={shown(t.param) ? 'page' : undefined}
          >
            {t.title}
          </Link>
        ))}
      </nav>
      {shown('editProfile') ? (
        kind ? (
          <ProfileForm key={kind} kind={kind} />
        ) : (
          <p>Staff accounts have no customer profile.</p>
        )
      ) : null}
      {shown('security') ? <ChangePasswordForm /> : null}
      {shown('security') ? <EndAllSessions /> : null}
      {shown('integrations') && kind ? <IntegrationsPanel /> : null}
      {shown('emails') && kind ? <EmailPreferencesPanel /> : null}
    </ContentLayout>
  );
}
