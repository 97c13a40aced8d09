import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dropdown } from '@/components/ui/dropdown';
import { TextInput } from '@/components/ui/text-input';
import { fieldWords } from '@/lib/field-words';
import { CUSTOMER_TYPES, startSchema } from '../api/schemas';
import type { StartFormValues } from '../api/schemas';
import { useServerFieldErrors } from './server-errors';
import styles from './accounts.module.css';

export interface StartSubmit {
  kind: 1 | 2 | 3;
  nationalId: string;
  phone?: string;
}

export interface StartFormProps {
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (value: StartSubmit) => void;
  /** Told whether a foreign company is chosen (it has fewer steps: no phone to verify). */
  onForeignChange?: (foreign: boolean) => void;
  /** What was entered before (coming Back from step 2). */
  initial?: StartSubmit;
}

function defaultsOf(initial: StartSubmit | undefined): StartFormValues {
  if (!initial) return { type: CUSTOMER_TYPES[0], isForeign: false, nationalId: '', companyId: '', phoneNumber: '' };
  const company = initial.kind !== 1;
  const type = company ? CUSTOMER_TYPES[1] : CUSTOMER_TYPES[0];
  return {
    type: { name: type.name, value: type.value },
    isForeign: initial.kind === 3,
    nationalId: company ? '' : initial.nationalId,
    companyId: company ? initial.nationalId : '',
    phoneNumber: initial.phone ?? '',
  };
}

const KNOWN = ['nationalId', 'companyId', 'phoneNumber'] as const;

/** Step 0: customer type, identity number, the foreign toggle and the mobile number. */
export function StartForm({ pending, serverErrors, onSubmit, onForeignChange, initial }: StartFormProps) {
  const { t } = useTranslation('accounts');
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StartFormValues>({
    resolver: zodResolver(startSchema),
    defaultValues: defaultsOf(initial),
  });
  // The server names the fields by wire key: nationalId is the company ID of a company, phone the mobile.
  const type = useWatch({ control, name: 'type' });
  const isForeign = useWatch({ control, name: 'isForeign' });
  const company = type?.value === 2;
  useEffect(() => onForeignChange?.(company && isForeign), [company, isForeign, onForeignChange]);
  const mapped = useMemo(
    () =>
      serverErrors
        ? Object.fromEntries(
            Object.entries(serverErrors).map(([k, v]) => [
              k === 'phone' ? 'phoneNumber' : k === 'nationalId' && company ? 'companyId' : k,
              v,
            ]),
          )
        : undefined,
    [serverErrors, company],
  );
  useServerFieldErrors(mapped, setError, KNOWN);

  const submit = handleSubmit((values) => {
    if (values.type?.value === 1) {
      onSubmit({ kind: 1, nationalId: values.nationalId, phone: values.phoneNumber });
    } else if (values.isForeign) {
      onSubmit({ kind: 3, nationalId: values.companyId });
    } else {
      onSubmit({ kind: 2, nationalId: values.companyId, phone: values.phoneNumber });
    }
  });

  // The kinds in the language shown; the form keeps the kind's number, which is all it sends.
  const types = CUSTOMER_TYPES.map((kind) => ({ ...kind, name: t(`startForm.types.${kind.value}`) }));

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label={t('startForm.signUp')}>
      <Controller
        control={control}
        name="type"
        render={({ field }) => (
          <Dropdown
            label={t('startForm.type')}
            required
            options={types}
            value={field.value ? types.find((option) => option.value === field.value?.value) : null}
            onChange={(option) => field.onChange({ name: option.name, value: option.value })}
            onBlur={field.onBlur}
            error={errors.type?.message}
          />
        )}
      />
      {company ? (
        <>
          <TextInput
            label={fieldWords('nationalCode')}
            required
            error={errors.companyId?.message}
            {...register('companyId')}
          />
          <label className={styles.toggle}>
            <input type="checkbox" role="switch" {...register('isForeign')} />
            {t('startForm.registeredOutsideIran')}
          </label>
        </>
      ) : (
        <TextInput
          label={fieldWords('nationalId')}
          required
          error={errors.nationalId?.message}
          {...register('nationalId')}
        />
      )}
      {company && isForeign ? null : (
        <TextInput
          label={t('startForm.mobileNumber')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="09123456789"
          required
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
      )}
      <Button type="submit" fullWidth loading={pending}>
        {t('startForm.continue')}
      </Button>
      <p>
        <Link to="/login" className={styles.link}>
          {t('startForm.alreadyHaveAnAccount')}
        </Link>
      </p>
    </form>
  );
}
