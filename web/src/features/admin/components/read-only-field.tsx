import { useId } from 'react';
import { FieldLabel } from '@/components/ui/field-label';
import styles from './admin.module.css';

/**
 * A value staff read, not edit: a read-only text box that grows with its text and wraps it, so a long address
 * (Persian or not) is read whole instead of cut in a one-line input; `dir="auto"` sets Persian right to left.
 */
/** `ltr`: a value written left to right (a phone number, an e-mail address, an ID), so a right-to-left page
 * does not reorder it; otherwise the value's own first letter decides. */
export function ReadOnlyField({ label, value, ltr = false }: { label: string; value: string; ltr?: boolean }) {
  const id = useId();
  return (
    <div className={styles.readOnlyField}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <textarea id={id} className={styles.readOnlyValue} value={value} readOnly rows={1} dir={ltr ? 'ltr' : 'auto'} />
    </div>
  );
}
