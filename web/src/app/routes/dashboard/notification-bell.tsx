import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { BellIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useMe, useNotifications } from '@/features/accounts/api/notifications';
import { NotificationList } from '@/features/accounts/components/notification-list';
import { hasToken } from '@/lib/session';
import styles from './notification-bell.module.css';
import { formatCount } from '@/lib/format';

export interface NotificationBellProps {
  /** A fixed unread count (tests); without it the count comes from the notification API (notSeenCount). */
  unreadCount?: number;
}

export function NotificationBell({ unreadCount: fixedCount }: NotificationBellProps) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  // The account id for the notification path comes from GET /auth/api/v1/me.
  const me = useMe(fixedCount === undefined && hasToken());
  const accountId = me.data?.id;
  const notifications = useNotifications(fixedCount === undefined ? accountId : undefined);
  const pages = notifications.data?.pages ?? [];
  const items = pages.flatMap((p) => p.data.costumerlNotificationDetails.list);
  const unreadCount = fixedCount ?? pages[0]?.data.notSeenCount ?? 0;
  const panelId = useId();
  const countId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const bellRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Closed from inside the panel, the focus would go with it: it goes back to the bell.
      if (rootRef.current?.contains(document.activeElement)) bellRef.current?.focus();
      setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        ref={bellRef}
        type="button"
        className={styles.bell}
        aria-label={t('notificationBell.notifications')}
        aria-describedby={countId}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <BellIcon size={24} />
        <span className={unreadCount > 0 ? styles.badge : `${styles.badge} ${styles.empty}`} data-testid="unread-badge">
          {unreadCount > 99 ? formatCount(99) + '+' : formatCount(unreadCount)}
        </span>
      </button>
      <span id={countId} className="visually-hidden">
        {formatCount(unreadCount)} {t('notificationBell.unread')}
      </span>
      {open ? (
        <div id={panelId} className={styles.panel} role="region" aria-label={t('notificationBell.notificationList')}>
          <h2 className={styles.heading}>{t('notificationBell.notifications')}</h2>
          {notifications.isLoading ? <Spinner size={18} /> : null}
          {accountId ? (
            <NotificationList
              items={items}
              accountId={accountId}
              hasMore={Boolean(notifications.hasNextPage)}
              loadingMore={notifications.isFetchingNextPage}
              onLoadMore={() => void notifications.fetchNextPage()}
              onOpenSubject={() => setOpen(false)}
            />
          ) : (
            <p className={styles.empty}>{t('notificationBell.youHaveNoNotifications')}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
