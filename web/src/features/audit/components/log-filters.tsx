import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dropdown } from '@/components/ui/dropdown';
import type { DropdownOption } from '@/components/ui/dropdown';
import { DateTimeField } from '@/components/ui/date-field';
import { TextInput } from '@/components/ui/text-input';
import { AGGREGATE_KINDS } from '../api/audit-api';
import { EMPTY_FILTERS, normalizeFilters, rangeErrors } from '../lib/filters';
import type { AuditFilters } from '../lib/filters';
import styles from './audit.module.css';
import { kindLabel } from './role-badge';
import { useTranslation } from 'react-i18next';
import { i18next } from '@/i18n';

const allKinds = (): DropdownOption<string> => ({ name: i18next.t('filters.allKinds', { ns: 'audit' }), value: '' });

function kindOptions(current: string): DropdownOption<string>[] {
  const kinds: string[] = [...AGGREGATE_KINDS];
  // A kind from a shared link that this list does not know still shows as chosen.
  if (current && !kinds.includes(current)) kinds.push(current);
  return [allKinds(), ...kinds.map((kind) => ({ name: kindLabel(kind), value: kind }))];
}

export interface LogFiltersProps {
  value: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

/** Kind, person and time range of the global log; applied on submit, cleared in one step. */
export function LogFilters({ value, onApply }: LogFiltersProps) {
  const [draft, setDraft] = useState<AuditFilters>(value);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const options = kindOptions(draft.kind);
  const { t } = useTranslation('audit');

  const set = (key: keyof AuditFilters) => (next: string) => setDraft((d) => ({ ...d, [key]: next }));
  // A text field of the form: bound to its filter in the draft, laid out as the other filters.
  const field = (key: 'person' | 'from' | 'to') => ({
    value: draft[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key)(e.target.value),
    containerClassName: styles.filterField,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filters = normalizeFilters(draft);
    const problems = rangeErrors(filters);
    setErrors(problems);
    if (!problems.from && !problems.to) onApply(filters);
  };

  const clear = () => {
    setDraft(EMPTY_FILTERS);
    setErrors({});
    onApply(EMPTY_FILTERS);
  };

  return (
    <form role="search" aria-label={t('filters.label')} className={styles.filters} onSubmit={submit} noValidate>
      <Dropdown<string>
        label={t('filters.kind')}
        options={options}
        value={options.find((o) => o.value === draft.kind) ?? options[0]}
        onChange={(option) => set('kind')(option.value)}
        className={styles.filterField}
      />
      <TextInput
        label={t('filters.who')}
        {...field('person')}
        autoComplete="off"
        spellCheck={false}
        hint={t('filters.whoHint')}
        dir="auto"
      />
      <DateTimeField
        label={t('filters.from')}
        value={draft.from}
        onChange={set('from')}
        containerClassName={styles.filterField}
        error={errors.from}
      />
      <DateTimeField
        label={t('filters.to')}
        value={draft.to}
        onChange={set('to')}
        containerClassName={styles.filterField}
        error={errors.to}
        hint={t('filters.toHint')}
      />
      <div className={styles.filterActions}>
        <Button type="submit">{t('filters.apply')}</Button>
        <Button variant="outline" onClick={clear}>
          {t('filters.clear')}
        </Button>
      </div>
    </form>
  );
}
