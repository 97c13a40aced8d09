import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import type { Control, FieldErrors } from 'react-hook-form';
import { PasswordInput } from '@/components/ui/password-input';
import { loadCommonPasswords } from '@/lib/common-passwords';

/** The rule the server and the schema check, said as it is (not "letters, numbers and symbols"). */
export const PASSWORD_HINT = 'At least 8 characters, with an uppercase letter and a digit.';

type Values = { newPassword: string; confirmNewPassword: string };

/** Password (with the strength meter) and Confirm Password. The form holds both as typed, so two equal
 * passwords never read "Passwords do not match"; a weak one is told the rule it breaks. */
export function NewPasswordFields<T extends Values>({
  control,
  errors,
  labels = ['Password', 'Confirm Password'],
  hint = PASSWORD_HINT,
}: {
  control: Control<T>;
  errors: FieldErrors<T>;
  labels?: [string, string];
  /** The rule in the reader's language (the caller's catalogue). */
  hint?: string;
}) {
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
            label={labels[0]}
            required
            passwordCheck
            name={field.name}
            onBlur={field.onBlur}
            onValueChange={field.onChange}
            hint={hint}
            error={e.newPassword?.message}
          />
        )}
      />
      <Controller
        control={c}
        name="confirmNewPassword"
        render={({ field }) => (
          <PasswordInput
            label={labels[1]}
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
