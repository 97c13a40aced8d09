/**
 * Where a booking is, in one line for lists: the tracking progress in words, flagged when the
 * vessel's arrival is late; nothing before the first tracking event. A booking that ended reads muted, as
 * where its cargo was last reported (never late: it forecasts nothing). Staff, who read every event of it, are
 * told beside it that the booking ended, when and how (decision 3836); its customer's line says so already.
 */
import type { components } from '@/types/api';
import { endedWords, progressWords } from './progress-words';
import styles from './where-it-is.module.css';
import { Separator } from '@/components/ui/separator/separator';

type Progress = components['schemas']['TrackingProgress'];

export function WhereItIs({ progress }: { progress?: Progress | null }) {
  if (!progress) return null;
  const ending = progress.ended === true ? null : endedWords(progress);
  const ended = progress.ended === true || ending !== null;
  const late = !ended && (progress.arrivalDelayHours ?? 0) >= 1;
  return (
    <span
      className={styles.line}
      data-testid="booking-progress"
      data-stage={progress.stage ?? 'none'}
      data-late={late || undefined}
      data-ended={ended || undefined}
    >
      {progressWords(progress)}
      {ending ? (
        <>
          <Separator />
          <span data-testid="booking-ended">{ending}</span>
        </>
      ) : null}
    </span>
  );
}
