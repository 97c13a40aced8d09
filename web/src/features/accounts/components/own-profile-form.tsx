import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { TextInput } from '@/components/ui/text-input';
import { fieldLabel, fieldWords } from '@/lib/field-words';
import { isTeamRole, useOwnProfile, useUpdateOwnProfile } from '../api/team';
import type { OwnProfile } from '../api/team';
import { SubmitRow } from './submit-row';
import styles from './accounts.module.css';
import team from './team.module.css';

/** A team member's own profile: their name, phone and language (the company's profile is its owner's, and
 * the password is on the Security tab). */
export function OwnProfileForm() {
  const { t } = useTranslation('accounts');
  const own = useOwnProfile();
  if (own.isError) return <p role="alert">{own.error.message}</p>;
  if (!own.data) return <p>{t('ownProfileForm.loadingYourProfile')}</p>;
  return <OwnProfileFields initial={own.data} />;
}

function OwnProfileFields({ initial }: { initial: OwnProfile }) {
  const { t } = useTranslation('accounts');
  const save = useUpdateOwnProfile();
  const [name, setName] = useState(initial.name);
  const [phone, setPhone] = useState(initial.phone);
  const [language, setLanguage] = useState(initial.language);
  const fields = save.error?.fields ?? {};
  return (
    <form
      className={styles.form}
      aria-label={t('ownProfileForm.myProfile')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ name, phone, language });
      }}
    >
      <p>
        {initial.email}: {isTeamRole(initial.role) ? t(`teamPanel.roles.${initial.role}`) : initial.role}{' '}
        {t('ownProfileForm.at')} <bdi>{initial.companyName}</bdi>
      </p>
      <TextInput
        label={fieldLabel('name', 'person')}
        value={name}
        error={fields.name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextInput
        label={fieldWords('phone')}
        value={phone}
        error={fields.phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <label className={team.field} htmlFor="own-language">
        {t('ownProfileForm.language')}
        <select
          id="own-language"
          className={team.select}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
        >
          <option value="en">{t('ownProfileForm.english')}</option>
          <option value="fa">{t('ownProfileForm.farsi')}</option>
        </select>
      </label>
      <p role="status" aria-live="polite">
        {save.isSuccess
          ? t('ownProfileForm.saved')
          : save.isError && Object.keys(fields).length === 0
            ? save.error.description
            : ''}
      </p>
      <SubmitRow pending={save.isPending}>{t('ownProfileForm.save')}</SubmitRow>
    </form>
  );
}
