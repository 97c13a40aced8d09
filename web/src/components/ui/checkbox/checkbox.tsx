import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import styles from './checkbox.module.css';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  label: ReactNode;
}

export function Checkbox({ label, id, className, ...rest }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? `checkbox-${generatedId}`;
  return (
    <div className={[styles.wrapper, className].filter(Boolean).join(' ')}>
      <input id={inputId} type="checkbox" className={styles.input} {...rest} />
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
    </div>
  );
}
