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
import { Button } from '@/components/ui/button';
import { CONTENT_ID, useSkipLinkInert } from '@/components/skip-link';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useMe } from '@/features/accounts/api/notifications';
import { useAccountLanguage } from '@/lib/account-language';
import type { english } from '@/i18n';
import { logOutOfThisTab } from '@/lib/api-client';
import { useLiveUpdates } from '@/lib/live';
import { focusPageHeading } from '@/lib/page-focus';
import { queryClient } from '@/lib/query-client';
import { getRole, getRoles, hasToken } from '@/lib/session';
import styles from './layout.module.css';
import { menuSections } from './menu';
import type { MenuIcon, MenuItem } from './menu';
import { NotificationBell } from './notification-bell';
import { forgetSomeoneElseNotice, someoneElseNotice } from '@/app/someone-else-signed-in';
import type { SomeoneElseNotice } from '@/app/someone-else-signed-in';

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

const DRAWER_ID = 'dashboard-mobile-menu';
/** Wider than this the side menu shows and the drawer is not drawn (layout.module.css). */
const SIDE_MENU_QUERY = '(min-width: 768px)';
const FOCUSABLE = ['a[href]', 'button', 'input', 'select'].map((tag) => `${tag}:not([disabled])`).join();

/** Where the focus goes when the drawer closes: back to the Menu button, or (a link chosen) to the page. */
type AfterClose = 'menuButton' | 'page';

/** A menu item's label is its English word, also its key in the catalogue (the menu test reads the words). */
type MenuWord = keyof typeof english.common.menu;

/** Whether the page shown is this item's (its path or below, or a page opened from it). */
function isItemActive(item: MenuItem, pathname: string): boolean {
  return [item.to.split('?')[0], ...(item.also ?? [])].some(
    (path) => pathname === path || pathname.startsWith(`${path}/`),
  );
}

function MenuList({
  items,
  pathname,
  onNavigate,
}: {
  items: MenuItem[];
  pathname: string;
  onNavigate?: (item: MenuItem) => void;
}) {
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
              onClick={onNavigate ? () => onNavigate(item) : undefined}
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
  onNavigate?: (item: MenuItem) => void;
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

/**
 * Why the tab shows another person than a moment ago: someone else signed in on the browser (decision 3893).
 * Said where the tab landed, until dismissed or left.
 */
function SomeoneElseSignedIn({ notice, onDismiss }: { notice: SomeoneElseNotice; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" className={styles.someoneElse}>
      <p>
        {notice === 'loggedOut' ? t('someoneElse.loggedOut') : t('someoneElse.signedIn')}
        {notice === 'draftKept' ? ` ${t('someoneElse.draftKept')}` : null}
      </p>
      <Button variant="secondary" onClick={onDismiss}>
        {t('toaster.dismiss')}
      </Button>
    </div>
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
  const [someoneElse, setSomeoneElse] = useState(() => ({ notice: someoneElseNotice(), at: pathname }));
  useEffect(() => {
    if (someoneElse.notice) forgetSomeoneElseNotice();
  }, [someoneElse.notice]);
  // Every screen under the dashboard follows changes as they happen (lib/live.ts); not while logging out.
  useLiveUpdates(!loggingOut);
  // The account's language wins once signed in; a switch here is saved on the account.
  const me = useMe(hasToken() && !loggingOut);
  const saveLanguage = useAccountLanguage(me.data);

  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const afterClose = useRef<AfterClose | null>(null);
  // The skip link (RootLayout's, every page's first stop) is behind the open drawer's scrim too.
  useSkipLinkInert(drawerOpen);
  const closeDrawer = (then: AfterClose | null) => {
    afterClose.current = then;
    setDrawerOpen(false);
  };

  // The open drawer is modal for the keyboard (the rest of the page is inert behind the scrim): it takes the
  // focus, Tab goes round its items and the Menu button (which closes it), Escape closes it.
  useEffect(() => {
    if (!drawerOpen) {
      const then = afterClose.current;
      afterClose.current = null;
      if (then === 'menuButton') menuButton.current?.focus();
      else if (then === 'page') return focusPageHeading();
      return undefined;
    }
    drawer.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        closeDrawer('menuButton');
        return;
      }
      if (event.key !== 'Tab' || !menuButton.current || !drawer.current) return;
      const stops = [menuButton.current, ...drawer.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const step = event.shiftKey ? -1 : 1;
      event.preventDefault();
      stops[at === -1 ? 0 : (at + step + stops.length) % stops.length].focus();
    };
    // Wide enough for the side menu, the drawer is not drawn: nothing may stay inert.
    const wide = window.matchMedia?.(SIDE_MENU_QUERY);
    const onWide = () => {
      if (wide?.matches) closeDrawer(null);
    };
    document.addEventListener('keydown', onKeyDown);
    wide?.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      wide?.removeEventListener('change', onWide);
    };
  }, [drawerOpen]);

  // A menu item chosen in the drawer: another page's heading takes the focus on the route change; the page
  // already shown takes it here.
  const chooseFromDrawer = (item: MenuItem) =>
    closeDrawer(item.to.split('?')[0].toLowerCase() === pathname.toLowerCase() ? 'page' : null);

  const logout = () => {
    // Someone else signed in meanwhile: nothing of theirs ends, and the tab is led to them (3904).
    if (!logOutOfThisTab()) return;
    queryClient.clear();
    setLoggingOut(true);
    closeDrawer(drawerOpen ? 'menuButton' : null);
    toast.notif(t('shell.loggedOut'));
    logoutTimer.current = setTimeout(() => navigate('/login', { replace: true }), LOGOUT_REDIRECT_MS);
  };
  const menuProps = { pathname, onLogout: logout, loggingOut };

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <button
          ref={menuButton}
          type="button"
          className={styles.hamburger}
          aria-label={t('shell.menu')}
          aria-expanded={drawerOpen}
          aria-controls={DRAWER_ID}
          onClick={() => (drawerOpen ? closeDrawer('menuButton') : setDrawerOpen(true))}
        >
          {drawerOpen ? <CloseIcon size={22} /> : <HamburgerIcon size={22} />}
        </button>
        <Link to="/dashboard/overview" className={styles.brand} inert={drawerOpen}>
          <Logo />
          <span>{t('shell.brand')}</span>
        </Link>
        <div className={styles.headerActions} inert={drawerOpen}>
          <LanguageSwitch onChange={saveLanguage} />
          <NotificationBell />
        </div>
      </header>

      {drawerOpen ? (
        <>
          <div className={styles.scrim} onClick={() => closeDrawer('menuButton')} aria-hidden="true" />
          <nav ref={drawer} id={DRAWER_ID} className={styles.drawer} aria-label={t('shell.mobileMenu')}>
            <Menu mobile {...menuProps} onNavigate={chooseFromDrawer} />
          </nav>
        </>
      ) : null}

      <div className={styles.sidebarColumn} inert={drawerOpen}>
        <nav className={styles.sidebar} aria-label={t('shell.sideMenu')}>
          <Menu mobile={false} {...menuProps} />
        </nav>
      </div>

      <main id={CONTENT_ID} className={styles.content} tabIndex={-1} inert={drawerOpen}>
        {someoneElse.notice && someoneElse.at === pathname ? (
          <SomeoneElseSignedIn
            notice={someoneElse.notice}
            onDismiss={() => setSomeoneElse({ notice: null, at: pathname })}
          />
        ) : null}
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
