import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldLabel } from '../field-label';
import { InfoIcon } from '../icons';
import styles from './text-input.module.css';

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  label?: string;
  /** Marks the field required (an asterisk and aria-required); forms validate on submit, not natively. */
  required?: boolean;
  /** Message under the field; also gives the error styling. */
  error?: string;
  success?: boolean;
  /** The value differs from the stored one (admin review of edit requests). */
  updated?: boolean;
  /** Edit mode shows an info icon before the error message. */
  editMode?: boolean;
  hint?: ReactNode;
  /** Content placed inside the field at its end (a toggle button, a unit). */
  endAdornment?: ReactNode;
  containerClassName?: string;
}

export function TextInput({
  label,
  required = false,
  error,
  success = false,
  updated = false,
  editMode = false,
  hint,
  endAdornment,
  id,
  className,
  containerClassName,
  disabled,
  type = 'text',
  ...rest
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? `field-${generatedId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  const state = error ? styles.error : updated ? styles.updated : success ? styles.success : undefined;

  return (
    <div className={[styles.field, containerClassName].filter(Boolean).join(' ')}>
      {label ? (
        <FieldLabel htmlFor={inputId} required={required}>
          {label}
        </FieldLabel>
      ) : null}
      <div className={[styles.control, state, disabled ? styles.disabled : undefined].filter(Boolean).join(' ')}>
        <input
          id={inputId}
          type={type}
          // Persian typed into a field starts at its right edge (names, addresses), Latin at its left.
          dir="auto"
          className={[styles.input, className].filter(Boolean).join(' ')}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-updated={updated || undefined}
          {...rest}
        />
        {endAdornment ? <div className={styles.adornment}>{endAdornment}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.errorText}>
          {editMode ? <InfoIcon size={16} data-testid="error-info-icon" /> : null}
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
