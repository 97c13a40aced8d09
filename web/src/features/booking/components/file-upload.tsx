import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';
import { localDigits } from '@/lib/format';
import { useId, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { FileInput } from '@/components/ui/file-input';
import { uploadInChunks } from '../api/upload';
import styles from './booking.module.css';

export interface FileUploadProps {
  label: string;
  disabled?: boolean;
  /** Called with the stored file id once every chunk is in (null when cleared or failed). */
  onUploaded: (fileId: string | null, fileName?: string) => void;
  uploadedName?: string | null;
  accept?: string;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'done'; name: string }
  | { kind: 'error'; reason: string | null };

/** A file control that sends the file in 10,240-byte chunks with a real progress bar. */
export function FileUpload({
  label,
  disabled = false,
  onUploaded,
  uploadedName,
  accept = '.pdf,.png,.jpg,.jpeg',
}: FileUploadProps) {
  const { t } = useTranslation('booking');
  const id = useId();
  const [phase, setPhase] = useState<Phase>(uploadedName ? { kind: 'done', name: uploadedName } : { kind: 'idle' });
  const [chosen, setChosen] = useState<string | null>(uploadedName ?? null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setChosen(file.name);
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const stored = await uploadInChunks(file, (percent) => setPhase({ kind: 'uploading', percent }));
      setPhase({ kind: 'done', name: stored.fileName });
      onUploaded(stored.fileId, stored.fileName);
    } catch (error) {
      console.error('chunk upload failed', error);
      // The server's reason ("Only PDF, PNG and JPEG files are accepted") is what the customer can act on.
      const reason =
        error instanceof ApiError && error.fromServer ? (Object.values(error.fields)[0] ?? error.description) : null;
      setPhase({ kind: 'error', reason });
      onUploaded(null);
    }
  };

  return (
    <div>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <FileInput
        id={id}
        fileName={chosen}
        accept={accept}
        disabled={disabled}
        // While a file goes up no other is chosen; the control keeps the keyboard's focus (not `disabled`).
        aria-disabled={phase.kind === 'uploading' || undefined}
        onClick={(event) => {
          if (phase.kind === 'uploading') event.preventDefault();
        }}
        aria-describedby={`${id}-state`}
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <div id={`${id}-state`} aria-live="polite">
        {phase.kind === 'uploading' ? (
          <>
            <progress
              className={styles.progress}
              max={100}
              value={phase.percent}
              aria-label={t('fileUpload.progress', { label })}
            />
            <p className={styles.fileState}>{localDigits(`${phase.percent}%`)}</p>
          </>
        ) : null}
        {phase.kind === 'done' ? (
          <p className={`${styles.fileState} ${styles.ok}`}>
            {t('fileUpload.uploaded')} <bdi>{phase.name}</bdi>
          </p>
        ) : null}
        {phase.kind === 'error' ? (
          <p className={`${styles.fileState} ${styles.bad}`} role="alert">
            {t('fileUpload.failed')} <bdi>{phase.reason ?? t('fileUpload.connection')}</bdi>
            {currentLanguage() === 'fa' ? null : (
              <>
                {' '}
                <bdi lang="fa" dir="rtl">
                  {t('fileUpload.faNote')}
                </bdi>
              </>
            )}
          </p>
        ) : null}
      </div>
    </div>
  );
}
