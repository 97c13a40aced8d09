import { useTranslation } from 'react-i18next';
import { i18next } from '@/i18n';
import { formatCount } from '@/lib/format';
import { useHeadingFocusOnStep } from '@/lib/page-focus';
import styles from './accounts.module.css';
import { Separator } from '@/components/ui/separator/separator';

/** The sign-up's steps: a foreign company has no phone to verify, so two; everyone else three. */
export function signUpSteps(foreign: boolean): readonly string[] {
  const step = (key: 'who' | 'company' | 'details' | 'verify') => i18next.t(`accounts:signUpProgress.steps.${key}`);
  return foreign ? [step('who'), step('company')] : [step('who'), step('details'), step('verify')];
}

/**
 * Where the person is in the sign-up: "Step 2 of 3", the separator, "Your details", a bar and the named steps (the current
 * one marked `aria-current="step"`), announced politely when it changes.
 */
export function SignUpProgress({ current, steps }: { current: number; steps: readonly string[] }) {
  const { t } = useTranslation('accounts');
  const total = steps.length;
  // The step that held the focus is gone: the page's heading takes it, not the document's body.
  useHeadingFocusOnStep(current);
  const label = t('signUpProgress.label', {
    current: formatCount(current),
    total: formatCount(total),
    name: steps[current - 1],
  });
  return (
    <nav className={styles.progress} aria-label={t('signUpProgress.signUpProgress')}>
      <p className={styles.progressText} aria-live="polite">
        <strong>
          {t('signUpProgress.step')} {formatCount(current)} {t('signUpProgress.of')} {formatCount(total)}
        </strong>
        <Separator />
        {steps[current - 1]}
      </p>
      <div
        className={styles.progressBar}
        role="progressbar"
        aria-label={t('signUpProgress.stepsDone')}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={current}
        aria-valuetext={label}
      >
        <span style={{ width: `${(current / total) * 100}%` }} />
      </div>
      <ol className={styles.progressSteps}>
        {steps.map((name, index) => (
          <li
            key={name}
            aria-current={index + 1 === current ? 'step' : undefined}
            data-done={index + 1 < current ? '' : undefined}
          >
            {name}
          </li>
        ))}
      </ol>
    </nav>
  );
}
