import { useId } from 'react';
import { FieldLabel } from '@/components/ui/field-label';
import styles from './admin.module.css';

/**
 * A value staff read, not edit: a read-only text box that grows with its text and wraps it, so a long address
 * (Persian or not) is read whole instead of cut in a one-line input; `dir="auto"` sets Persian right to left.
 */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className={styles.readOnlyField}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <textarea id={id} className={styles.readOnlyValue} value={value} readOnly rows={1} dir="auto" />
    </div>
  );
}
