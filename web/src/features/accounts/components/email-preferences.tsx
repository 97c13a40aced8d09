import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { useEmailPreferences, useSetEmailPreferences } from '../api/email-preferences';
import styles from './accounts.module.css';

/** The profile's E-mails tab: one switch per kind of booking e-mail; each change is saved at once (the switch
 * moves when pressed; a refused save puts it back). */
export function EmailPreferencesPanel() {
  const { t } = useTranslation('accounts');
  const preferences = useEmailPreferences();
  const save = useSetEmailPreferences();
  const kinds = preferences.data?.kinds ?? [];
  const [muted, setMuted] = useState<string[] | null>(null);
  const off = muted ?? kinds.filter((k) => !k.enabled).map((k) => k.kind);
  const toggle = (kind: string, enabled: boolean) => {
    const next = enabled ? off.filter((k) => k !== kind) : [...off, kind];
    setMuted(next);
    save.mutate({ muted: next }, { onError: () => setMuted(null) });
  };
  return (
    <section aria-labelledby="email-preferences-title">
      <h2 id="email-preferences-title" className={styles.sectionTitle}>
        {t('emailPreferences.eMailsAboutMy')}
      </h2>
      <p>{t('emailPreferences.eachEMailNames')}</p>
      {preferences.isError ? <p role="alert">{preferences.error.message}</p> : null}
      <fieldset className={styles.choices} disabled={preferences.isPending}>
        <legend className="visually-hidden">{t('emailPreferences.eMailMeWhen')}</legend>
        {kinds.map((k) => (
          <Checkbox
            key={k.kind}
            name={k.kind}
            label={k.label}
            checked={!off.includes(k.kind)}
            onChange={(event) => toggle(k.kind, event.target.checked)}
          />
        ))}
      </fieldset>
      <p role="status" aria-live="polite">
        {save.isPending
          ? t('emailPreferences.saving')
          : save.isSuccess
            ? t('emailPreferences.saved')
            : save.isError
              ? save.error.message
              : ''}
      </p>
    </section>
  );
}
