import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextInput } from '@/components/ui/text-input';
import { useRequestPasswordReset } from '../api/passwords';
import { forgotPasswordSchema } from '../api/schemas';
import type { ForgotPasswordValues } from '../api/schemas';
import styles from '../components/accounts.module.css';
import { NarrowPage, ToLoginDialog } from '../components/narrow-page';

export function ForgetPasswordRoute() {
  const { t } = useTranslation('accounts');
  const documentTitle = t('forgetPassword.documentTitle');
  const reset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { nationalId: '' } });

  return (
    <NarrowPage
      documentTitle={documentTitle}
      title={t('forgetPassword.title')}
      dialogs={
        <>
          <ToLoginDialog open={reset.isSuccess} title={t('forgetPassword.sentTitle')}>
            <p>{t('forgetPassword.sent')}</p>
          </ToLoginDialog>
          <Dialog
            open={reset.isError}
            onClose={() => window.location.reload()}
            title={t('forgetPassword.errorTitle')}
            tone="error"
            dismissible={false}
            actions={<Button onClick={() => window.location.reload()}>{t('confirm')}</Button>}
          >
            <p>{t('forgetPassword.error')}</p>
          </Dialog>
        </>
      }
    >
      <p className={styles.subtitle}>{t('forgetPassword.subtitle')}</p>
      <form className={styles.form} noValidate onSubmit={handleSubmit(({ nationalId }) => reset.mutate(nationalId))}>
        <TextInput
          label={t('forgetPassword.username')}
          required
          error={errors.nationalId?.message}
          {...register('nationalId')}
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          {t('forgetPassword.submit')}
        </Button>
        <Link to="/login" className={styles.link}>
          {t('forgetPassword.back')}
        </Link>
      </form>
    </NarrowPage>
  );
}
