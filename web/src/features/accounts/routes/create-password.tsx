import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useRequestPasswordReset, useResetPassword } from '../api/passwords';
import { newPasswordSchema } from '../api/schemas';
import type { NewPasswordValues } from '../api/schemas';
import { NarrowPage, ToLoginDialog } from '../components/narrow-page';
import { NewPasswordFields } from '../components/new-password-fields';
import { useServerCheckedForm } from '../components/server-errors';
import styles from '../components/accounts.module.css';

const FIELDS = ['newPassword', 'confirmNewPassword'] as const;

/** The page the e-mailed link opens: a new account's first password, or a reset. */
export function CreatePasswordRoute() {
  const { t } = useTranslation('accounts');
  const documentTitle = t('createPassword.documentTitle');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const nationalId = params.get('nationalId') ?? '';
  const missing = !token || !nationalId;
  const reset = useResetPassword();
  const renew = useRequestPasswordReset();
  const { control, handleSubmit, formState } = useServerCheckedForm<NewPasswordValues>(
    { resolver: zodResolver(newPasswordSchema), defaultValues: { newPassword: '', confirmNewPassword: '' } },
    reset.error?.fields,
    FIELDS,
  );
  const { errors } = formState;
  // Messages about the password fields show under them; a used or expired link offers a new one; anything else
  // (the network, too many tries) is the error dialog, which closes without losing what was typed.
  const fieldError = Boolean(reset.error && FIELDS.some((name) => name in reset.error!.fields));
  const deadLink = Boolean(reset.error && 'token' in reset.error.fields);

  return (
    <NarrowPage
      documentTitle={documentTitle}
      title={t('createPassword.title')}
      dialogs={
        <>
          <ToLoginDialog open={reset.isSuccess} title={t('createPassword.doneTitle')}>
            <p>{t('createPassword.done')}</p>
          </ToLoginDialog>
          <Dialog
            open={reset.isError && !fieldError && !deadLink}
            onClose={() => reset.reset()}
            title={t('createPassword.failedTitle')}
            tone="error"
            actions={<Button onClick={() => reset.reset()}>{t('createPassword.tryAgain')}</Button>}
          >
            <p>{t('createPassword.failed', { reason: reset.error?.description ?? t('createPassword.unreachable') })}</p>
          </Dialog>
        </>
      }
    >
      {missing ? (
        <p role="alert" className={styles.error}>
          {t('createPassword.missing')}
        </p>
      ) : deadLink ? (
        <div className={styles.form}>
          <p role="alert" className={styles.error}>
            {t('createPassword.deadLink')}
          </p>
          {renew.isSuccess ? (
            <p role="status">{t('createPassword.renewed', { nationalId })}</p>
          ) : (
            <Button fullWidth loading={renew.isPending} onClick={() => renew.mutate(nationalId)}>
              {t('createPassword.renew')}
            </Button>
          )}
          {renew.isError ? <p role="alert">{renew.error.description}</p> : null}
        </div>
      ) : (
        <form
          className={styles.form}
          noValidate
          onSubmit={handleSubmit((values) => reset.mutate({ ...values, token, nationalId }))}
        >
          <p className={styles.subtitle}>{t('createPassword.choose', { nationalId })}</p>
          <NewPasswordFields control={control} errors={errors} />
          <Button type="submit" fullWidth loading={reset.isPending}>
            {t('createPassword.submit')}
          </Button>
        </form>
      )}
    </NarrowPage>
  );
}
