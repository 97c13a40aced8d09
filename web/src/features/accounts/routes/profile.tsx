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

/** ?editProfile=true: the Edit Profile tab; ?security=true: the Security tab; ?integrations=true: API keys and
 * webhooks; ?emails=true: which booking e-mails the customer gets; none: the overview text. */
export function ProfileRoute() {
  const [params] = useSearchParams();
  const edit = params.get('editProfile') === 'true';
  const security = !edit && params.get('security') === 'true';
  const integrations = !edit && !security && params.get('integrations') === 'true';
  const emails = !edit && !security && !integrations && params.get('emails') === 'true';
  const role = getRole();
  const kind = role === 1 || role === 2 || role === 3 ? (role as CustomerKind) : null;
  const tab = (active: boolean) => (active ? `${styles.tab} ${styles.tabActive}` : styles.tab);
  return (
    <ContentLayout
      title={
        edit ? 'Edit Profile' : security ? 'Security' : integrations ? 'Integrations' : emails ? 'E-mails' : 'Profile'
      }
    >
      <nav className={styles.tabs} aria-label="Profile tabs">
        <Link to="/dashboard/profile?editProfile=true" className={tab(edit)} aria-current={edit ? 'page' : undefined}>
          Edit Profile
        </Link>
        <Link
          to="/dashboard/profile?security=true"
          className={tab(security)}
          aria-current={security ? 'page' : undefined}
        >
          Security
        </Link>
        {kind ? (
          <Link
            to="/dashboard/profile?integrations=true"
            className={tab(integrations)}
            aria-current={integrations ? 'page' : undefined}
          >
            Integrations
          </Link>
        ) : null}
        {kind ? (
          <Link to="/dashboard/profile?emails=true" className={tab(emails)} aria-current={emails ? 'page' : undefined}>
            E-mails
          </Link>
        ) : null}
      </nav>
      {edit ? kind ? <ProfileForm key={kind} kind={kind} /> : <p>Staff accounts have no customer profile.</p> : null}
      {security ? <ChangePasswordForm /> : null}
      {security ? <EndAllSessions /> : null}
      {integrations && kind ? <IntegrationsPanel /> : null}
      {emails && kind ? <EmailPreferencesPanel /> : null}
      {!edit && !security && !integrations && !emails ? <p>Your Profile Information</p> : null}
    </ContentLayout>
  );
}
