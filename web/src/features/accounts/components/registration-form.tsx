import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { domesticSchema, foreignSchema, individualSchema } from '../api/schemas';
import { DOMESTIC_FIELDS, FOREIGN_FIELDS, FieldGrid, INDIVIDUAL_FIELDS } from './fields';
import { useServerCheckedForm } from './server-errors';
import { UnplacedErrors } from './unplaced-errors';
import styles from './accounts.module.css';

type Values = Record<string, string>;

const FORMS = {
  1: { schema: individualSchema, fields: INDIVIDUAL_FIELDS, idKey: 'nationalId' },
  2: { schema: domesticSchema, fields: DOMESTIC_FIELDS, idKey: 'nationalCode' },
  3: { schema: foreignSchema, fields: FOREIGN_FIELDS, idKey: 'nationalCode' },
} as const;

const FIELD_NAMES = {
  1: FORMS[1].fields.map((f) => f.name),
  2: FORMS[2].fields.map((f) => f.name),
  3: FORMS[3].fields.map((f) => f.name),
};

export interface RegistrationFormProps {
  kind: 1 | 2 | 3;
  nationalId: string;
  phone: string;
  pending: boolean;
  serverErrors?: Record<string, string>;
  /** What was typed here before going Back (kept for when the person returns). */
  draft?: Record<string, unknown>;
  onSubmit: (values: Values) => void;
  /** Back to step 1, handing over what was typed so far. */
  onBack: (values: Values) => void;
}

/** Steps 1, 2 and 3 of the sign-up flow: the form of the customer's kind. */
export function RegistrationForm({
  kind,
  nationalId,
  phone,
  pending,
  serverErrors,
  draft,
  onSubmit,
  onBack,
}: RegistrationFormProps) {
  const { t } = useTranslation('accounts');
  const form = FORMS[kind];
  const kept = (name: string) => (typeof draft?.[name] === 'string' ? (draft[name] as string) : '');
  const defaults: Values = Object.fromEntries(form.fields.map((f) => [f.name, kept(f.name)]));
  // The identifier and the mobile are step 1's: they always show what step 1 says now.
  defaults[form.idKey] = nationalId;
  if (phone || !defaults.phone) defaults.phone = phone;
  const { register, control, getValues, handleSubmit, formState, unplaced } = useServerCheckedForm<Values>(
    { resolver: zodResolver(form.schema as never) as unknown as Resolver<Values>, defaultValues: defaults },
    serverErrors,
    FIELD_NAMES[kind],
  );
  const { errors } = formState;

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="sign-up-form-title">
      <h2 id="sign-up-form-title" className={styles.title}>
        {t(`registrationForm.titles.${kind}`)}
      </h2>
      <FieldGrid fields={form.fields} register={register} control={control} errors={errors} />
      <UnplacedErrors messages={unplaced} />
      <div className={styles.actions}>
        <Button type="submit" loading={pending}>
          {t('registrationForm.submit')}
        </Button>
        <Button type="button" variant="outline" disabled={pending} onClick={() => onBack(getValues())}>
          {t('registrationForm.back')}
        </Button>
      </div>
    </form>
  );
}
