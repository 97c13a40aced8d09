import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { preview, useMarkRead } from '../api/notifications';
import type { NotificationItem } from '../api/notifications';
import styles from './notifications.module.css';

export interface NotificationListProps {
  items: NotificationItem[];
  accountId: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** Infinite list: the next page loads when the sentinel at the bottom scrolls into view. */
export function NotificationList({ items, accountId, hasMore, loadingMore, onLoadMore }: NotificationListProps) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const markRead = useMarkRead(accountId);
  const sentinel = useRef<HTMLLIElement>(null);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !loadingMore) onLoadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onLoadMore]);

  if (items.length === 0) return <p className={styles.empty}>You have no notifications yet.</p>;

  return (
    <ul className={styles.list}>
      {items.map((item) => {
        const expanded = open.has(item.id);
        return (
          <li key={item.id}>
            <button
              type="button"
              className={item.isRead ? `${styles.item} ${styles.read}` : styles.item}
              aria-expanded={expanded}
              onClick={() => {
                setOpen((current) => new Set(current).add(item.id));
                if (!item.isRead) markRead.mutate(item.id);
              }}
            >
              <span className={styles.title}>
                {item.isRead ? null : <span className="visually-hidden">Unread: </span>}
                {item.title}
              </span>
              <span className={styles.message}>{expanded ? item.message : preview(item.message)}</span>
            </button>
          </li>
        );
      })}
      {hasMore ? (
        <li ref={sentinel} className={styles.more}>
          {loadingMore ? <Spinner size={18} /> : (
            <button type="button" className={styles.moreButton} onClick={onLoadMore}>
              Load more
            </button>
          )}
        </li>
      ) : null}
    </ul>
  );
}
