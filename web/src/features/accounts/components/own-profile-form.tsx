import { useState } from 'react';
import { TextInput } from '@/components/ui/text-input';
import { useOwnProfile, useUpdateOwnProfile } from '../api/team';
import type { OwnProfile } from '../api/team';
import { SubmitRow } from './submit-row';
import styles from './accounts.module.css';
import team from './team.module.css';

/** A team member's own profile: their name, phone and language (the company's profile is its owner's, and
 * the password is on the Security tab). */
export function OwnProfileForm() {
  const own = useOwnProfile();
  if (own.isError) return <p role="alert">{own.error.message}</p>;
  if (!own.data) return <p>Loading your profile…</p>;
  return <OwnProfileFields initial={own.data} />;
}

function OwnProfileFields({ initial }: { initial: OwnProfile }) {
  const save = useUpdateOwnProfile();
  const [name, setName] = useState(initial.name);
  const [phone, setPhone] = useState(initial.phone);
  const [language, setLanguage] = useState(initial.language);
  const fields = save.error?.fields ?? {};
  return (
    <form
      className={styles.form}
      aria-label="My profile"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ name, phone, language });
      }}
    >
      <p>
        {initial.email}: {initial.role} at {initial.companyName}
      </p>
      <TextInput label="Name" value={name} error={fields.name} onChange={(event) => setName(event.target.value)} />
      <TextInput label="Phone" value={phone} error={fields.phone} onChange={(event) => setPhone(event.target.value)} />
      <label className={team.field} htmlFor="own-language">
        Language
        <select
          id="own-language"
          className={team.select}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
        >
          <option value="en">English</option>
          <option value="fa">فارسی</option>
        </select>
      </label>
      <p role="status" aria-live="polite">
        {save.isSuccess ? 'Saved.' : save.isError && Object.keys(fields).length === 0 ? save.error.description : ''}
      </p>
      <SubmitRow pending={save.isPending}>Save</SubmitRow>
    </form>
  );
}
