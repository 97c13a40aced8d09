import { Link, useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { getRole } from '@/lib/session';
import type { CustomerKind } from '../api/registration';
import { ChangePasswordForm } from '../components/change-password-form';
import { EmailPreferencesPanel } from '../components/email-preferences';
import { EndAllSessions } from '../components/end-all-sessions';
import { IntegrationsPanel } from '../components/integrations-panel';
import { useMe } from '../api/notifications';
import { OwnProfileForm } from '../components/own-profile-form';
import { ProfileForm } from '../components/profile-form';
import { TeamPanel } from '../components/team-panel';
import styles from '../components/accounts.module.css';

/** The profile's tabs, each opened by its query parameter (`?security=true`); the first one asked for wins. */
const TABS = [
  { param: 'editProfile', title: 'Edit Profile', customersOnly: false },
  { param: 'team', title: 'Team', customersOnly: true },
  { param: 'security', title: 'Security', customersOnly: false },
  { param: 'integrations', title: 'Integrations', customersOnly: true },
  { param: 'emails', title: 'E-mails', customersOnly: true },
] as const;

type Tab = (typeof TABS)[number]['param'];

/** ?editProfile=true: the Edit Profile tab (a team member's own profile for a colleague); ?team=true: a company's
 * team (an owner manages it); ?security=true: the Security tab; ?integrations=true: API keys and
 * webhooks; ?emails=true: which booking e-mails the customer gets; none: the first tab the person has (a
 * customer's profile, staff's security), never a bare heading. */
export function ProfileRoute() {
  const [params] = useSearchParams();
  const role = getRole();
  const kind = role === 1 || role === 2 || role === 3 ? (role as CustomerKind) : null;
  const me = useMe(kind !== null);
  // A colleague in a company's team (not the company's own login) edits their own profile, not the company's.
  const colleague = Boolean(me.data && me.data.companyId !== me.data.id);
  const owner = me.data?.teamRole === 'owner';
  const company = kind === 2 || kind === 3;
  const has = (t: (typeof TABS)[number]) =>
    (kind || !t.customersOnly) && (t.param !== 'team' || company) && !(t.param === 'emails' && colleague);
  const open = TABS.find((t) => params.get(t.param) === 'true' && has(t)) ?? (kind ? TABS[0] : TABS[2]);
  const shown = (tab: Tab) => open.param === tab;
  return (
    <ContentLayout title={open.title}>
      <nav className={styles.tabs} aria-label="Profile tabs">
        {TABS.filter(has).map((t) => (
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
        colleague ? (
          <OwnProfileForm />
        ) : kind ? (
          <ProfileForm key={kind} kind={kind} />
        ) : (
          <p>Staff accounts have no customer profile.</p>
        )
      ) : null}
      {shown('team') && company ? <TeamPanel manage={owner} /> : null}
      {shown('security') ? <ChangePasswordForm /> : null}
      {shown('security') ? <EndAllSessions /> : null}
      {shown('integrations') && kind ? <IntegrationsPanel webhooks={!colleague || owner} /> : null}
      {shown('emails') && kind ? <EmailPreferencesPanel /> : null}
    </ContentLayout>
  );
}
