import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import { i18next } from '@/i18n';
import { CheckIcon } from '../icons';
import { Spinner } from '../spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'outline' | 'danger' | 'secondary';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner and takes no click: the button keeps the keyboard's focus (`aria-disabled`, not
   * `disabled`, which would drop it to the page while the work goes on). */
  loading?: boolean;
  /** Secondary only: the step is complete; shows a check mark unless `editMode`, and its name says so. */
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
  onClick,
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
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault(); // a submit button's form is not sent again either
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={click}
      {...rest}
    >
      {loading ? <Spinner size={18} label="" className={styles.spinner} /> : null}
      {showCheck ? <CheckIcon size={18} data-testid="button-done" className={styles.check} /> : null}
      <span className={styles.label}>{children}</span>
      {/* The space is a text node of its own: a flex button lays it out as nothing, a name reads it. */}
      {showCheck ? ' ' : null}
      {showCheck ? <span className="visually-hidden">{i18next.t('button.done')}</span> : null}
    </button>
  );
}
