import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/ui/logo';
import { useDocumentTitle } from '@/lib/document-title';
import { hasKeptDrafts } from '@/lib/kept-draft';
import { NEXT_KEY, nextAfterLogin } from '@/lib/return-path';
import { hasToken } from '@/lib/session';
import { LoginBanner } from '../components/login-banner';
import { LoginForm } from '../components/login-form';
import styles from './login.module.css';

export interface LoginRouteProps {
  /** Whether a path is one of the app's screens: a `next` that names none (an old or mistyped link) is
   * ignored, so signing in never ends on the not-found page. */
  isScreen?: (path: string) => boolean;
}

export function LoginRoute({ isScreen = () => true }: LoginRouteProps) {
  const { t } = useTranslation('accounts');
  // Read once: after a successful login the form keeps the screen for its 3-second reload delay.
  const [signedIn] = useState(hasToken);
  useDocumentTitle(t('loginForm.label'));
  const [params] = useSearchParams();
  const signedOut = params.get('signedOut') === '1';
  // A form was open when the session ended: what it was sending was not done (decision 3881).
  const [draftKept] = useState(hasKeptDrafts);
  // The page a deep link pointed at (kept in the address, so the reload after login still knows it).
  if (signedIn) {
    const next = nextAfterLogin(params.get(NEXT_KEY), window.location.origin);
    // The overview is everyone's home: the staff's work queue, the customer's bookings at a glance.
    return <Navigate to={next && isScreen(next) ? next : '/dashboard/overview'} replace />;
  }

  return (
    <div className={styles.page}>
      <LoginBanner />
      <main className={styles.panel}>
        <div className={styles.card}>
          <p className={styles.brand}>
            <Logo />
            {t('shell.brand', { ns: 'common' })}
          </p>
          <LanguageSwitch />
          <h1 className={styles.title}>{t('login.title')}</h1>
          <p className={styles.subtitle}>{t('login.subtitle')}</p>
          {signedOut ? (
            <p role="status" className={styles.notice}>
              {t('login.signedOut')}
              {draftKept ? ` ${t('login.draftKept')}` : null}
            </p>
          ) : null}
          <LoginForm />
        </div>
      </main>
    </div>
  );
}
