/**
 * Where a booking is, in one line for lists: the tracking progress in words, flagged when the
 * vessel's arrival is late; nothing before the first tracking event.
 */
import type { components } from '@/types/api';
import { progressWords } from './progress-words';
import styles from './where-it-is.module.css';

type Progress = components['schemas']['TrackingProgress'];

export function WhereItIs({ progress }: { progress?: Progress | null }) {
  if (!progress) return null;
  const late = (progress.arrivalDelayHours ?? 0) >= 1;
  return (
    <span
      className={styles.line}
      data-testid="booking-progress"
      data-stage={progress.stage ?? 'none'}
      data-late={late || undefined}
    >
      {progressWords(progress)}
    </span>
  );
}
