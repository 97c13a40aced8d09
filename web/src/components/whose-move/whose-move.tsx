import { i18next } from '@/i18n';
import { useTeamRights } from '@/lib/team-rights';
import styles from './whose-move.module.css';

export type Viewer = 'customer' | 'staff';

/** The words for whose move it is, as the viewer reads them; `acts`: whether the viewer may make the move (a
 * viewer in a company's team reads that the move is the team's, not hers). */
export function whoseMoveText(
  waitingFor: 'customer' | 'staff' | null | undefined,
  viewer: Viewer,
  acts = true,
): string | null {
  if (!waitingFor) return null;
  if (waitingFor === viewer) return i18next.t(acts ? 'whoseMove.mine' : 'whoseMove.team');
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
  // A customer's move is made with the team's `book` right (decision 3866).
  const books = useTeamRights().book;
  const acts = viewer === 'staff' || books;
  const text = whoseMoveText(waitingFor, viewer, acts);
  if (!text) return null;
  return (
    <span className={styles.badge} data-mine={(acts && waitingFor === viewer) || undefined}>
      {text}
    </span>
  );
}
