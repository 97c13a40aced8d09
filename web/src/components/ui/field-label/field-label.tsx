import type { ReactNode } from 'react';
import styles from './field-label.module.css';

export interface FieldLabelProps {
  htmlFor: string;
  id?: string;
  /** Shows the asterisk; the control itself carries aria-required. */
  required?: boolean;
  children: ReactNode;
}

/** The label above a form control (text input, dropdown), with the required mark the same everywhere. */
export function FieldLabel({ htmlFor, id, required = false, children }: FieldLabelProps) {
  return (
    <div className={styles.labelRow}>
      <label id={id} htmlFor={htmlFor} className={styles.label}>
        {children}
      </label>
      {required ? (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      ) : null}
    </div>
  );
}
