import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { getRole } from '@/lib/session';
import { hasRight, useTeamRights } from '@/lib/team-rights';
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
  { param: 'editProfile', customersOnly: false },
  { param: 'team', customersOnly: true },
  { param: 'security', customersOnly: false },
  { param: 'integrations', customersOnly: true },
  { param: 'emails', customersOnly: true },
] as const;

type Tab = (typeof TABS)[number]['param'];

/** ?editProfile=true: the Edit Profile tab (a team member's own profile for a colleague); ?team=true: a company's
 * team (an owner manages it); ?security=true: the Security tab; ?integrations=true: API keys and
 * webhooks; ?emails=true: which booking e-mails the customer gets; none: the first tab the person has (a
 * customer's profile, staff's security), never a bare heading. */
export function ProfileRoute() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const role = getRole();
  const kind = role === 1 || role === 2 || role === 3 ? (role as CustomerKind) : null;
  const me = useMe(kind !== null);
  // A colleague in a company's team (not the company's own login) edits their own profile, not the company's.
  const colleague = Boolean(me.data && me.data.companyId !== me.data.id);
  // The team, webhooks and the company's profile are the team's `own` right (not assumed before /me answers).
  const owner = hasRight(me.data?.teamRole ?? '', 'own');
  // The company's profile, its e-mails and webhooks are the `own` right's, whoever holds it: an owner colleague
  // has them, a company login its team made a booker has not (assumed until the server says who is asking).
  const owns = useTeamRights().own;
  const company = kind === 2 || kind === 3;
  const has = (tab: (typeof TABS)[number]) =>
    (kind || !tab.customersOnly) && (tab.param !== 'team' || company) && (tab.param !== 'emails' || owns);
  const open = TABS.find((tab) => params.get(tab.param) === 'true' && has(tab)) ?? (kind ? TABS[0] : TABS[2]);
  const shown = (tab: Tab) => open.param === tab;
  return (
    <ContentLayout title={t(`profile.tabs.${open.param}`)}>
      <nav className={styles.tabs} aria-label={t('profile.tabsLabel')}>
        {TABS.filter(has).map((tab) => (
          <Link
            key={tab.param}
            to={`/dashboard/profile?${tab.param}=true`}
            className={shown(tab.param) ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            aria-current={shown(tab.param) ? 'page' : undefined}
          >
            {t(`profile.tabs.${tab.param}`)}
          </Link>
        ))}
      </nav>
      {shown('editProfile') ? (
        colleague ? (
          <>
            <OwnProfileForm />
            {owns && kind ? (
              <>
                <h2>{t('profile.companyProfile')}</h2>
                <ProfileForm key={kind} kind={kind} />
              </>
            ) : null}
          </>
        ) : kind ? (
          owns ? (
            <ProfileForm key={kind} kind={kind} />
          ) : (
            <p role="note">{t('profile.companyProfileOwners')}</p>
          )
        ) : (
          <p>{t('profile.staff')}</p>
        )
      ) : null}
      {shown('team') && company ? <TeamPanel manage={owner} /> : null}
      {shown('security') ? <ChangePasswordForm /> : null}
      {shown('security') ? <EndAllSessions /> : null}
      {shown('integrations') && kind ? <IntegrationsPanel webhooks={owns} /> : null}
      {shown('emails') && kind ? <EmailPreferencesPanel /> : null}
    </ContentLayout>
  );
}
