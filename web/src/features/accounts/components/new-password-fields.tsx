import { Controller } from 'react-hook-form';
import type { Control, FieldErrors } from 'react-hook-form';
import { PasswordInput } from '@/components/ui/password-input';

const PASSWORD_HINT = 'Minimum 8 letters, numbers and symbols.';

type Values = { newPassword: string; confirmNewPassword: string };

/** Password (with the strength meter) and Confirm Password. */
export function NewPasswordFields<T extends Values>({
  control,
  errors,
  labels = ['Password', 'Confirm Password'],
}: {
  control: Control<T>;
  errors: FieldErrors<T>;
  labels?: [string, string];
}) {
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
            onAcceptedChange={field.onChange}
            hint={PASSWORD_HINT}
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
