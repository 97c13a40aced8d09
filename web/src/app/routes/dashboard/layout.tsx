import { Suspense, useEffect, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  BoxIcon,
  CloseIcon,
  DocumentIcon,
  GridIcon,
  LogoutIcon,
  MenuIcon as HamburgerIcon,
  ShieldIcon,
  UserIcon,
} from '@/components/ui/icons';
import type { IconProps } from '@/components/ui/icons';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useMe } from '@/features/accounts/api/notifications';
import { useAccountLanguage } from '@/lib/account-language';
import type { english } from '@/i18n';
import { useLiveUpdates } from '@/lib/live';
import { queryClient } from '@/lib/query-client';
import { endSession, getRole, getRoles, hasToken } from '@/lib/session';
import styles from './layout.module.css';
import { menuSections } from './menu';
import type { MenuIcon, MenuItem } from './menu';
import { NotificationBell } from './notification-bell';

/** Spec 000 section 9: log out goes to /login after 2 seconds. */
export const LOGOUT_REDIRECT_MS = 2000;

const ICONS: Record<MenuIcon, ComponentType<IconProps>> = {
  overview: GridIcon,
  bookings: BoxIcon,
  documents: DocumentIcon,
  profile: UserIcon,
  requests: UserIcon,
  operations: BoxIcon,
  tariffs: DocumentIcon,
  schedules: DocumentIcon,
  tracking: BoxIcon,
  audit: ShieldIcon,
};

/** A menu item's label is its English word, also its key in the catalogue (the menu test reads the words). */
type MenuWord = keyof typeof english.common.menu;

/** Whether the page shown is this item's (its path or below, or a page opened from it). */
function isItemActive(item: MenuItem, pathname: string): boolean {
  return [item.to.split('?')[0], ...(item.also ?? [])].some(
    (path) => pathname === path || pathname.startsWith(`${path}/`),
  );
}

function MenuList({ items, pathname, onNavigate }: { items: MenuItem[]; pathname: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.menuList}>
      {items.map((item) => {
        const Icon = ICONS[item.icon];
        const active = isItemActive(item, pathname);
        return (
          <li key={`${item.label}-${item.to}`}>
            {/* A plain Link: NavLink would set aria-current by its own match, not this item's pages. */}
            <Link
              to={item.to}
              className={active ? `${styles.menuLink} ${styles.active}` : styles.menuLink}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            >
              <Icon size={20} />
              <span>{t(`menu.${item.label as MenuWord}`)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Menu({
  mobile,
  pathname,
  onLogout,
  loggingOut,
  onNavigate,
}: {
  mobile: boolean;
  pathname: string;
  onLogout: () => void;
  loggingOut: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { main, staff } = menuSections({ roles: getRoles(), accountType: getRole(), mobile });
  return (
    <>
      <MenuList items={main} pathname={pathname} onNavigate={onNavigate} />
      {staff.length > 0 ? (
        <div className={styles.staff}>
          <p className={styles.sectionTitle}>{t('shell.staff')}</p>
          <MenuList items={staff} pathname={pathname} onNavigate={onNavigate} />
        </div>
      ) : null}
      <button type="button" className={styles.logout} onClick={onLogout} disabled={loggingOut}>
        <LogoutIcon size={20} />
        <span>{t('shell.logout')}</span>
      </button>
    </>
  );
}

export function DashboardLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const logoutTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(logoutTimer.current), []);
  // Every screen under the dashboard follows changes as they happen (lib/live.ts); not while logging out.
  useLiveUpdates(!loggingOut);
  // The account's language wins once signed in; a switch here is saved on the account.
  const me = useMe(hasToken() && !loggingOut);
  const saveLanguage = useAccountLanguage(me.data);

  useEffect(() => {
    if (!drawerOpen) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  const logout = () => {
    endSession();
    queryClient.clear();
    setLoggingOut(true);
    setDrawerOpen(false);
    toast.notif(t('shell.loggedOut'));
    logoutTimer.current = setTimeout(() => navigate('/login', { replace: true }), LOGOUT_REDIRECT_MS);
  };

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <button
          type="button"
          className={styles.hamburger}
          aria-label={t('shell.menu')}
          aria-expanded={drawerOpen}
          aria-controls="dashboard-mobile-menu"
          onClick={() => setDrawerOpen((v) => !v)}
        >
          {drawerOpen ? <CloseIcon size={22} /> : <HamburgerIcon size={22} />}
        </button>
        <Link to="/dashboard/overview" className={styles.brand}>
          <Logo />
          <span>{t('shell.brand')}</span>
        </Link>
        <div className={styles.headerActions}>
          <LanguageSwitch onChange={saveLanguage} />
          <NotificationBell />
        </div>
      </header>

      {drawerOpen ? (
        <>
          <div className={styles.scrim} onClick={() => setDrawerOpen(false)} aria-hidden="true" />
          <nav id="dashboard-mobile-menu" className={styles.drawer} aria-label={t('shell.mobileMenu')}>
            <Menu
              mobile
              pathname={pathname}
              onLogout={logout}
              loggingOut={loggingOut}
              onNavigate={() => setDrawerOpen(false)}
            />
          </nav>
        </>
      ) : null}

      <div className={styles.sidebarColumn}>
        <nav className={styles.sidebar} aria-label={t('shell.sideMenu')}>
          <Menu mobile={false} pathname={pathname} onLogout={logout} loggingOut={loggingOut} />
        </nav>
      </div>

      <main className={styles.content}>
        <Suspense
          fallback={
            <div className={styles.fallback}>
              <Spinner size={28} />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
