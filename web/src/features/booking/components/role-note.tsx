import { useTranslation } from 'react-i18next';
import { useTeamRights } from '@/lib/team-rights';
import type { TeamRight } from '@/lib/team-rights';
import styles from './booking.module.css';

/** Where a step's changes need a right the session's role lacks (a viewer's booking, a booker's transport
 * document): who in the team makes them, in place of the buttons the role may not use. */
export function RoleNote({ right }: { right: TeamRight }) {
  const { t } = useTranslation('booking');
  const may = useTeamRights();
  if (may[right]) return null;
  return (
    <p role="note" className={styles.muted}>
      {t(`roleNote.${right}`)}
    </p>
  );
}
