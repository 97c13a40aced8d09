import { useTranslation } from 'react-i18next';
import { STEP_TITLES } from '@/machines/booking-wizard';
import { localDigits } from '@/lib/format';
import { useHeadingFocusOnStep } from '@/lib/page-focus';
import styles from './booking.module.css';

/** The four-step progress header (Rate Request, Booking Letter, Shipping Order, Final). */
export function StepsHeader({ active, allDone = false }: { active: number; allDone?: boolean }) {
  const { t } = useTranslation('booking');
  // The step that held the focus is gone: the page's heading takes it, not the document's body.
  useHeadingFocusOnStep(active);
  // The machine names the steps in English (its keys); the catalogue says them by position.
  const names = [
    t('stepsHeader.steps.0'),
    t('stepsHeader.steps.1'),
    t('stepsHeader.steps.2'),
    t('stepsHeader.steps.3'),
  ];
  return (
    <ol className={styles.steps} aria-label={t('stepsHeader.label')}>
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
              {state === 'done' ? '✓' : localDigits(String(index + 1))}
            </span>
            {names[index] ?? title}
            {state === 'done' ? <span className="visually-hidden">{t('stepsHeader.done')}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
