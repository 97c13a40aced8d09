import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/toast';
import { useChangePassword } from '../api/passwords';
import { changePasswordSchema } from '../api/schemas';
import type { ChangePasswordValues } from '../api/schemas';
import { NewPasswordFields } from './new-password-fields';
import { useServerCheckedForm } from './server-errors';
import { SubmitRow } from './submit-row';
import styles from './accounts.module.css';

const FIELDS = ['currentPassword', 'newPassword', 'confirmNewPassword'] as const;

/** The Security tab: current password, a new one with the strength meter, its confirmation. */
export function ChangePasswordForm() {
  const { t } = useTranslation('accounts');
  const change = useChangePassword();
  const { register, control, handleSubmit, formState } = useServerCheckedForm<ChangePasswordValues>(
    {
      resolver: zodResolver(changePasswordSchema),
      defaultValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
    },
    change.error?.fields,
    FIELDS,
  );
  const { errors } = formState;
  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('changePasswordForm.changePassword')}
      onSubmit={handleSubmit((values) =>
        change.mutate(values, {
          onSuccess: () => toast.success(t('changePasswordForm.changed')),
          onError: (error) => {
            if (Object.keys(error.fields).length === 0) toast.failure(error, error.description);
          },
        }),
      )}
    >
      <PasswordInput
        label={t('changePasswordForm.currentPassword')}
        required
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <NewPasswordFields
        control={control}
        errors={errors}
        labels={[t('changePasswordForm.newPassword'), t('changePasswordForm.confirmNewPassword')]}
      />
      <SubmitRow pending={change.isPending}>{t('changePasswordForm.changePassword2')}</SubmitRow>
    </form>
  );
}
