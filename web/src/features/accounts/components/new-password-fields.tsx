import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import type { Control, FieldErrors } from 'react-hook-form';
import { PasswordInput } from '@/components/ui/password-input';
import { loadCommonPasswords } from '@/lib/common-passwords';

type Values = { newPassword: string; confirmNewPassword: string };

/** Password (with the strength meter) and Confirm Password. The form holds both as typed, so two equal
 * passwords never read "Passwords do not match"; a weak one is told the rule it breaks. */
export function NewPasswordFields<T extends Values>({
  control,
  errors,
  labels,
}: {
  control: Control<T>;
  errors: FieldErrors<T>;
  labels?: [string, string];
}) {
  const { t } = useTranslation('accounts');
  const [password, confirm] = labels ?? [t('newPasswordFields.password'), t('newPasswordFields.confirmPassword')];
  useEffect(() => {
    void loadCommonPasswords(); // the common-password lists, for the field's check (lib/common-passwords)
  }, []);
  const c = control as unknown as Control<Values>;
  const e = errors as FieldErrors<Values>;
  return (
    <>
      <Controller
        control={c}
        name="newPassword"
        render={({ field }) => (
          <PasswordInput
            label={password}
            required
            passwordCheck
            name={field.name}
            onBlur={field.onBlur}
            onValueChange={field.onChange}
            ref={field.ref}
            hint={t('newPasswordFields.hint')}
            error={e.newPassword?.message}
          />
        )}
      />
      <Controller
        control={c}
        name="confirmNewPassword"
        render={({ field }) => (
          <PasswordInput
            label={confirm}
            required
            autoComplete="new-password"
            {...field}
            error={e.confirmNewPassword?.message}
          />
        )}
      />
    </>
  );
}
