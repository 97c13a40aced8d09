import { Link, useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { getRole } from '@/lib/session';
import type { CustomerKind } from '../api/registration';
import { ChangePasswordForm } from '../components/change-password-form';
import { EndAllSessions } from '../components/end-all-sessions';
import { ProfileForm } from '../components/profile-form';
import styles from '../components/accounts.module.css';

/** ?editProfile=true: the Edit Profile tab; ?security=true: the Security tab; neither: the overview text. */
export function ProfileRoute() {
  const [params] = useSearchParams();
  const edit = params.get('editProfile') === 'true';
  const security = !edit && params.get('security') === 'true';
  const role = getRole();
  const kind = role === 1 || role === 2 || role === 3 ? (role as CustomerKind) : null;
  const tab = (active: boolean) => (active ? `${styles.tab} ${styles.tabActive}` : styles.tab);
  return (
    <ContentLayout title={edit ? 'Edit Profile' : security ? 'Security' : 'Profile'}>
      <nav className={styles.tabs} aria-label="Profile tabs">
        <Link to="/dashboard/profile?editProfile=true" className={tab(edit)} aria-current={edit ? 'page' : undefined}>
          Edit Profile
        </Link>
        <Link to="/dashboard/profile?security=true" className={tab(security)} aria-current={security ? 'page' : undefined}>
          Security
        </Link>
      </nav>
      {edit ? kind ? <ProfileForm key={kind} kind={kind} /> : <p>Staff accounts have no customer profile.</p> : null}
      {security ? <ChangePasswordForm /> : null}
      {security ? <EndAllSessions /> : null}
      {!edit && !security ? <p>Your Profile Information</p> : null}
    </ContentLayout>
  );
}
