import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DateTimeField } from '@/components/ui/date-field';
import { localDateTimeToIso } from '../lib/filters';
import styles from './audit.module.css';
import { useTranslation } from 'react-i18next';

export interface AsOfFormProps {
  /** The `datetime-local` value shown at first. */
  initialValue?: string;
  /** Called with the `datetime-local` value (local time) once it parses. */
  onSubmit: (localValue: string) => void;
}

/** "As of" by a moment instead of a position: a labelled date-time field and a submit button. */
export function AsOfForm({ initialValue = '', onSubmit }: AsOfFormProps) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | undefined>(undefined);
  const { t } = useTranslation('audit');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!localDateTimeToIso(value)) {
      setError(t('asOf.invalid'));
      return;
    }
    setError(undefined);
    onSubmit(value);
  };

  return (
    <form className={styles.asOfForm} onSubmit={submit} noValidate aria-label={t('asOf.label')}>
      <DateTimeField
        seconds
        label={t('asOf.field')}
        value={value}
        error={error}
        onChange={setValue}
        containerClassName={styles.asOfField}
      />
      <Button type="submit" variant="outline">
        {t('asOf.submit')}
      </Button>
    </form>
  );
}
