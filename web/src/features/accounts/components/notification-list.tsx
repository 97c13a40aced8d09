import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { formatMoment } from '@/lib/format';
import { getRole } from '@/lib/session';
import { subjectLabel, subjectPath, useMarkRead } from '../api/notifications';
import type { NotificationItem } from '../api/notifications';
import styles from './notifications.module.css';

export interface NotificationListProps {
  items: NotificationItem[];
  accountId: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Called when a notification's item is opened (the bell closes its panel). */
  onOpenSubject?: () => void;
}

/** The message with the booking's reference kept on one line (a phone's narrow panel broke it at a hyphen). */
function withReference(message: string, reference: string | null | undefined): ReactNode {
  if (!reference || !message.includes(reference)) return message;
  return message.split(reference).flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          <span key={index} className={styles.reference}>
            {reference}
          </span>,
          part,
        ],
  );
}

/** Infinite list: the next page loads when the sentinel at the bottom scrolls into view. Each notification is
 * one bordered item holding its title, its whole text (a sentence or two; the panel scrolls), its time and the
 * link to what it is about, so the link reads as this item's and not the next one's. */
export function NotificationList({
  items,
  accountId,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpenSubject,
}: NotificationListProps) {
  const { t } = useTranslation('accounts');
  const staff = getRole() === 0;
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

  if (items.length === 0) return <p className={styles.empty}>{t('notificationList.youHaveNoNotifications')}</p>;

  return (
    <ul className={styles.list}>
      {items.map((item) => {
        return (
          <li key={item.id} className={item.isRead ? `${styles.entry} ${styles.read}` : styles.entry}>
            <button
              type="button"
              className={styles.item}
              onClick={() => {
                if (!item.isRead) markRead.mutate(item.id);
              }}
            >
              <span className={styles.title}>
                {item.isRead ? null : <span className="visually-hidden">{t('notificationList.unread')} </span>}
                {item.title}
              </span>
              <span className={styles.message}>{withReference(item.message, item.subject?.reference)}</span>
              <time className={styles.time} dateTime={item.createdAt}>
                {formatMoment(item.createdAt)}
              </time>
            </button>
            {item.subject ? (
              <Link
                className={styles.subject}
                to={subjectPath(item.subject, staff)}
                onClick={() => {
                  // Following the item is reading it: the badge and the list agree at once.
                  if (!item.isRead) markRead.mutate(item.id);
                  onOpenSubject?.();
                }}
              >
                {subjectLabel(item.subject, t)}
              </Link>
            ) : null}
          </li>
        );
      })}
      {hasMore ? (
        <li ref={sentinel} className={styles.more}>
          {loadingMore ? (
            <Spinner size={18} />
          ) : (
            <button type="button" className={styles.moreButton} onClick={onLoadMore}>
              {t('notificationList.loadMore')}
            </button>
          )}
        </li>
      ) : null}
    </ul>
  );
}
