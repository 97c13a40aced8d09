import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '@/components/language-switch';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextInput } from '@/components/ui/text-input';
import { useRequestPasswordReset } from '../api/passwords';
import { forgotPasswordSchema } from '../api/schemas';
import type { ForgotPasswordValues } from '../api/schemas';
import styles from '../components/accounts.module.css';

export function ForgetPasswordRoute() {
  const { t } = useTranslation('accounts');
  const documentTitle = t('forgetPassword.documentTitle');
  const navigate = useNavigate();
  const reset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { nationalId: '' } });

  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  return (
    <main className={styles.page}>
      <div className={`${styles.card} ${styles.narrow}`}>
        <LanguageSwitch />
        <h1 className={styles.title}>{t('forgetPassword.title')}</h1>
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
      </div>
      <Dialog
        open={reset.isSuccess}
        onClose={() => navigate('/login')}
        title={t('forgetPassword.sentTitle')}
        tone="success"
        dismissible={false}
        actions={<Button onClick={() => navigate('/login')}>{t('confirm')}</Button>}
      >
        <p>{t('forgetPassword.sent')}</p>
      </Dialog>
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
    </main>
  );
}
