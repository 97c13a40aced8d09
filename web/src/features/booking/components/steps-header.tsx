import { STEP_TITLES } from '@/machines/booking-wizard';
import styles from './booking.module.css';

/** The four-step progress header (Rate Request, Booking Letter, Shipping Order, Final). */
export function StepsHeader({ active, allDone = false }: { active: number; allDone?: boolean }) {
  return (
    <ol className={styles.steps} aria-label="Booking progress">
      {STEP_TITLES.map((title, index) => {
        const state = allDone || index < active ? 'done' : index === active ? 'active' : 'todo';
        return (
          <li
            key={title}
            className={[styles.step, state === 'active' ? styles.stepActive : state === 'done' ? styles.stepDone : '']
              .filter(Boolean)
              .join(' ')}
            aria-current={state === 'active' ? 'step' : undefined}
          >
            <span className={styles.stepNumber} aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            {title}
            {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
