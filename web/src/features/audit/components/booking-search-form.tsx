import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { bookingSearchPath } from '../lib/paths';
import styles from './audit.module.css';
import { useTranslation } from 'react-i18next';

export interface BookingSearchFormProps {
  initialQuery?: string;
}

/** "Find a booking": a reference or a person's name, searched on the server; the results have their own page. */
export function BookingSearchForm({ initialQuery = '' }: BookingSearchFormProps) {
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);
  const [error, setError] = useState<string | undefined>();
  const { t } = useTranslation('audit');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = query.trim();
    if (!text) {
      setError(t('search.empty'));
      return;
    }
    setError(undefined);
    navigate(bookingSearchPath(text));
  };

  return (
    <form role="search" aria-label={t('search.title')} className={styles.bookingSearch} onSubmit={submit} noValidate>
      <TextInput
        label={t('search.field')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        hint={t('search.hint')}
        dir="auto"
        error={error}
        containerClassName={styles.bookingSearchField}
      />
      <Button type="submit">{t('search.submit')}</Button>
    </form>
  );
}
