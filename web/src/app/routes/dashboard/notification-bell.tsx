import { useEffect, useId, useRef, useState } from 'react';
import { BellIcon } from '@/components/ui/icons';
import styles from './notification-bell.module.css';

export interface NotificationBellProps {
  /** Unread count for the badge; the notification API fills it in a later change. */
  unreadCount?: number;
}

export function NotificationBell({ unreadCount = 0 }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const countId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
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
        type="button"
        className={styles.bell}
        aria-label="Notifications"
        aria-describedby={countId}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <BellIcon size={24} />
        <span className={unreadCount > 0 ? styles.badge : `${styles.badge} ${styles.empty}`} data-testid="unread-badge">
          {unreadCount > 99 ? '99+' : unreadCount}
        </span>
      </button>
      <span id={countId} className="visually-hidden">
        {unreadCount} unread
      </span>
      {open ? (
        <div id={panelId} className={styles.panel} role="region" aria-label="Notification list">
          <h2 className={styles.heading}>Notifications</h2>
          <p className={styles.empty}>You have no notifications yet.</p>
        </div>
      ) : null}
    </div>
  );
}
