import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { bookingSearchPath } from '../lib/paths';
import styles from './audit.module.css';

export interface BookingSearchFormProps {
  initialQuery?: string;
}

/** "Find a booking": a reference or a person's name, searched on the server; the results have their own page. */
export function BookingSearchForm({ initialQuery = '' }: BookingSearchFormProps) {
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = query.trim();
    if (!text) {
      setError('Enter a booking reference or a name.');
      return;
    }
    setError(undefined);
    navigate(bookingSearchPath(text));
  };

  return (
    <form
      role="search"
      aria-label="Find a booking's trail"
      className={styles.bookingSearch}
      onSubmit={submit}
      noValidate
    >
      <TextInput
        label="Booking reference or person's name"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        hint="For example FB-2026-000123, Karimi or کریمی"
        error={error}
        containerClassName={styles.bookingSearchField}
      />
      <Button type="submit">Find booking</Button>
    </form>
  );
}
