import styles from './spinner.module.css';

export interface SpinnerProps {
  size?: number;
  /** Text for assistive technology; an empty string hides the spinner from it (e.g. inside a busy button). */
  label?: string;
  className?: string;
}

export function Spinner({ size = 20, label = 'Loading', className }: SpinnerProps) {
  const classes = [styles.spinner, className].filter(Boolean).join(' ');
  if (!label) {
    return <span className={classes} style={{ width: size, height: size }} aria-hidden="true" />;
  }
  return (
    <span role="status" className={styles.wrapper}>
      <span className={classes} style={{ width: size, height: size }} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
