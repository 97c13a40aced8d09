import { forwardRef } from 'react';
import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './file-input.module.css';

export interface FileInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The name of the file chosen, shown beside the button (null: none yet). */
  fileName?: string | null;
}

/**
 * A file input whose words are the portal's, in the language shown: the browser's own control says "Choose
 * File" and "No file chosen" in the browser's language. The native input stays the control (its label, focus,
 * keyboard and the files it gives), laid transparent over the words it hides.
 */
export const FileInput = forwardRef<HTMLInputElement, FileInputProps>(function FileInput(
  { fileName = null, className, ...props },
  ref,
) {
  const { t } = useTranslation('common');
  return (
    <span
      className={`${styles.chooser} ${className ?? ''}`}
      data-disabled={props.disabled || String(props['aria-disabled']) === 'true' || undefined}
    >
      <input ref={ref} type="file" className={styles.native} {...props} />
      <span aria-hidden="true" className={styles.button}>
        {t('fileInput.choose')}
      </span>
      <bdi aria-hidden="true" className={styles.name} data-testid="file-input-name">
        {fileName ?? t('fileInput.none')}
      </bdi>
    </span>
  );
});
