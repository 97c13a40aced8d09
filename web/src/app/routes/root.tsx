import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { WithSkipLink } from '@/components/skip-link';
import { Spinner } from '@/components/ui/spinner';
import { useHeadingFocusOnNavigation } from '@/lib/page-focus';
import { hasToken, sessionEndedByServer } from '@/lib/session';
import { guardRedirect, isLoginPath, loginLeadingTo } from '../guard';
import styles from './root.module.css';

function PageFallback() {
  return (
    <div className={styles.fallback}>
      <Spinner size={32} />
    </div>
  );
}

export interface RootLayoutProps {
  /** Whether a path is one of the app's screens (the route table's), so a login leads only to one. */
  isScreen: (path: string) => boolean;
}

/** The top route: applies the guard to every location, then renders the matched screen. */
export function RootLayout({ isScreen }: RootLayoutProps) {
  const { pathname, search, hash } = useLocation();
  // A new page's heading takes the focus, or it would fall to the document's start (record 3875).
  useHeadingFocusOnNavigation();
  // On /login the login screen's own, more specific rule applies (a token holder goes to
  // /dashboard/overview), so that the reload after a successful login lands on the overview.
  const target = isLoginPath(pathname) ? null : guardRedirect(pathname, hasToken());
  if (target !== null && target !== pathname) {
    // A deep link opened signed out (an e-mailed booking link) keeps its target through the login.
    const from = `${pathname}${search}${hash}`;
    const reason = sessionEndedByServer() ? 'signedOut' : undefined;
    const to = isLoginPath(target) ? loginLeadingTo(from, reason, isScreen) : target;
    return <Navigate to={to} replace state={{ from }} />;
  }
  // Every page, public or the dashboard's, starts with the skip link (records 3875, 3884).
  return (
    <WithSkipLink>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </WithSkipLink>
  );
}
