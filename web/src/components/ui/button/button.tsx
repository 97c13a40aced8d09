import type { ButtonHTMLAttributes } from 'react';
import { CheckIcon } from '../icons';
import { Spinner } from '../spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'outline' | 'danger' | 'secondary';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Disables the button and shows a spinner. */
  loading?: boolean;
  /** Secondary only: the step is complete; shows a check mark unless `editMode`. */
  done?: boolean;
  editMode?: boolean;
  fullWidth?: boolean;
}

export function Button({
  variant = 'primary',
  loading = false,
  done = false,
  editMode = false,
  fullWidth = false,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  const showCheck = variant === 'secondary' && done && !editMode;
  const classes = [
    styles.button,
    styles[variant],
    showCheck ? styles.done : undefined,
    fullWidth ? styles.fullWidth : undefined,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <Spinner size={18} label="" className={styles.spinner} /> : null}
      {showCheck ? <CheckIcon size={18} data-testid="button-done" className={styles.check} /> : null}
      <span className={styles.label}>{children}</span>
    </button>
  );
}
