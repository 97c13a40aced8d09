import { useTranslation } from 'react-i18next';
import styles from './spinner.module.css';

export interface SpinnerProps {
  size?: number;
  /** Text for assistive technology (default: "Loading…" in the language shown); an empty string hides the
   * spinner from it (e.g. inside a busy button). */
  label?: string;
  className?: string;
}

/** `data-spinner`: the browser tests take a screen's picture only once none is left (tests/e2e/conftest.py). */
export function Spinner({ size = 20, label, className }: SpinnerProps) {
  const { t } = useTranslation('common');
  const classes = [styles.spinner, className].filter(Boolean).join(' ');
  if (label === '') {
    return <span className={classes} style={{ width: size, height: size }} aria-hidden="true" data-spinner="" />;
  }
  return (
    <span role="status" className={styles.wrapper} data-spinner="">
      <span className={classes} style={{ width: size, height: size }} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('shell.loading')}</span>
    </span>
  );
}
