import { i18next } from '@/i18n';
import styles from './whose-move.module.css';

export type Viewer = 'customer' | 'staff';

/** The words for whose move it is, as the viewer reads them. */
export function whoseMoveText(waitingFor: 'customer' | 'staff' | null | undefined, viewer: Viewer): string | null {
  if (!waitingFor) return null;
  if (waitingFor === viewer) return i18next.t('whoseMove.mine');
  return i18next.t(waitingFor === 'staff' ? 'whoseMove.staff' : 'whoseMove.customer');
}

/** A badge saying whose move a booking waits for (the server derives it from the lifecycle files). */
export function WhoseMove({
  waitingFor,
  viewer,
}: {
  waitingFor: 'customer' | 'staff' | null | undefined;
  viewer: Viewer;
}) {
  const text = whoseMoveText(waitingFor, viewer);
  if (!text) return null;
  return (
    <span className={styles.badge} data-mine={waitingFor === viewer || undefined}>
      {text}
    </span>
  );
}
