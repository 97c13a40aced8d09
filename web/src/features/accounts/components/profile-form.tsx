import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import type { Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextInput } from '@/components/ui/text-input';
import { toast } from '@/components/ui/toast';
import { useProfile, useUpdateProfile } from '../api/profile';
import type { Profile } from '../api/profile';
import type { CustomerKind } from '../api/registration';
import { domesticProfileSchema, foreignProfileSchema, individualProfileSchema } from '../api/schemas';
import { DOMESTIC_FIELDS, FOREIGN_FIELDS, FieldGrid, INDIVIDUAL_FIELDS, formFieldLabel } from './fields';
import type { FieldSpec } from './fields';
import { useServerCheckedForm } from './server-errors';
import { UnplacedErrors } from './unplaced-errors';
import styles from './accounts.module.css';
import { fieldWords } from '@/lib/field-words';

type Values = Record<string, string>;

const without = (fields: FieldSpec[], names: string[]) => fields.filter((f) => !names.includes(f.name));

const FORMS: Record<CustomerKind, { schema: unknown; fields: FieldSpec[]; readOnly: string[] }> = {
  1: {
    schema: individualProfileSchema,
    fields: [
      ...INDIVIDUAL_FIELDS.map((f) => ({ ...f, required: f.name === 'postalCode' ? false : f.required })),
      { name: 'industry' },
      { name: 'destinations' },
    ],
    readOnly: [],
  },
  2: {
    schema: domesticProfileSchema,
    fields: without(DOMESTIC_FIELDS, ['email', 'phone']),
    readOnly: ['email', 'phone'],
  },
  3: {
    schema: foreignProfileSchema,
    fields: without(FOREIGN_FIELDS, ['email', 'phone']),
    readOnly: ['email', 'phone'],
  },
};

const FIELD_NAMES: Record<CustomerKind, string[]> = {
  1: [...FORMS[1].fields.map((f) => f.name), 'typeOfOperation'],
  2: FORMS[2].fields.map((f) => f.name),
  3: FORMS[3].fields.map((f) => f.name),
};

function valuesOf(profile: Profile, kind: CustomerKind): Values {
  return Object.fromEntries(
    FIELD_NAMES[kind].map((name) => {
      const raw = profile[name];
      return [name, Array.isArray(raw) ? raw.join(', ') : raw == null ? '' : String(raw)];
    }),
  );
}

function EditForm({ kind, profile }: { kind: CustomerKind; profile: Profile }) {
  const { t } = useTranslation('accounts');
  const form = FORMS[kind];
  const update = useUpdateProfile(kind);
  const loaded = valuesOf(profile, kind);
  const { register, control, handleSubmit, reset, formState, unplaced } = useServerCheckedForm<Values>(
    {
      resolver: zodResolver(form.schema as never) as unknown as Resolver<Values>,
      values: loaded,
      resetOptions: { keepDirtyValues: false },
    },
    update.error?.fields,
    FIELD_NAMES[kind],
  );
  const { errors, isDirty } = formState;
  const pending = profile.editRequest?.state === 'pending' ? profile.editRequest.edited : null;
  // A decision on the edit (arriving live) puts the accepted values back in the form: after a decline the
  // declined values must not stay on screen as if they were the profile. While the edit is pending
  // the typed values stay, marked as pending.
  const decision =
    profile.editRequest && profile.editRequest.state !== 'pending' ? JSON.stringify(profile.editRequest) : null;
  const seenDecision = useRef(decision);
  useEffect(() => {
    if (decision === seenDecision.current) return;
    seenDecision.current = decision;
    if (decision !== null) reset(loaded);
  }, [decision, loaded, reset]);
  const declined = profile.editRequest?.state === 'declined' ? profile.editRequest.declineMessage : null;

  const onSubmit = handleSubmit((values) => {
    const body: Record<string, unknown> = kind === 1 ? { id: profile.account.id, ...values } : values;
    update.mutate(body, {
      onSuccess: (result) => {
        toast.success(result.changed ? t('profileForm.sentForApproval') : t('profileForm.nothingChanged'));
      },
      onError: (error) => {
        // Field messages land at their fields (the rest above the buttons), never as "wireKey: message" in a
        // toast. Spec 000 s.8: the domestic save shows any other error; the others only log.
        if (Object.keys(error.fields).length === 0) toast.failure(error, error.description);
        console.error(error.description);
      },
    });
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-label={t('profileForm.editProfile')}>
      {pending ? (
        <div className={styles.notice} role="status">
          {t('profileForm.yourLastEditAwaits')}
          <ul>
            {Object.entries(pending).map(([key, value]) => (
              <li key={key}>
                {formFieldLabel(key)}: <strong>{Array.isArray(value) ? value.join(', ') : String(value)}</strong>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {declined ? (
        <div className={styles.notice} role="status">
          {t('profileForm.yourLastEditWas')} {declined}
        </div>
      ) : null}
      <FieldGrid
        fields={form.fields}
        register={register}
        control={control}
        errors={errors}
        editMode
        updated={pending ? Object.keys(pending) : []}
      />
      {kind === 1 ? (
        <label className={styles.form} style={{ gap: 6 }}>
          <span>{fieldWords('typeOfOperation')}</span>
          <select {...register('typeOfOperation')} style={{ height: 48, font: 'inherit' }}>
            <option value="">{t('profileForm.notSet')}</option>
            <option value={t('profileForm.export')}>{t('profileForm.export')}</option>
            <option value={t('profileForm.import')}>{t('profileForm.import')}</option>
          </select>
        </label>
      ) : null}
      {form.readOnly.length ? (
        <div className={styles.grid}>
          {form.readOnly.map((key) => (
            <TextInput key={key} label={formFieldLabel(key)} value={String(profile[key] ?? '')} readOnly />
          ))}
        </div>
      ) : null}
      <UnplacedErrors messages={unplaced} />
      <div className={styles.actions}>
        <Button type="submit" disabled={!isDirty} loading={update.isPending}>
          {t('profileForm.save')}
        </Button>
        {isDirty ? (
          <Button type="button" variant="outline" onClick={() => reset(loaded)}>
            {t('profileForm.reset')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The Edit Profile tab: the form of the account type (1, 2, 3), a spinner while the profile loads. */
export function ProfileForm({ kind }: { kind: CustomerKind }) {
  const { t } = useTranslation('accounts');
  const profile = useProfile(kind);
  if (profile.isPending) return <Spinner size={28} label={t('profileForm.loadingProfile')} />;
  if (profile.isError) {
    console.error('Failed to fetch user profile');
    return <p role="alert">{t('profileForm.failedToFetchUser')}</p>;
  }
  return <EditForm kind={kind} profile={profile.data} />;
}
