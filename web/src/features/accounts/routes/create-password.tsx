import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useRequestPasswordReset, useResetPassword } from '../api/passwords';
import { newPasswordSchema } from '../api/schemas';
import type { NewPasswordValues } from '../api/schemas';
import { NewPasswordFields } from '../components/new-password-fields';
import { useServerCheckedForm } from '../components/server-errors';
import styles from '../components/accounts.module.css';

const MISSING = 'Invalid or missing token and national ID.';
const FIELDS = ['newPassword', 'confirmNewPassword'] as const;

/** The page the e-mailed link opens: a new account's first password, or a reset. */
export function CreatePasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
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

  useEffect(() => {
    document.title = 'Create New Password | Freight Booking Portal';
  }, []);

  return (
    <main className={styles.page}>
      <div className={`${styles.card} ${styles.narrow}`}>
        <h1 className={styles.title}>Create New Password</h1>
        {missing ? (
          <p role="alert" className={styles.error}>
            {MISSING}
          </p>
        ) : deadLink ? (
          <div className={styles.form}>
            <p role="alert" className={styles.error}>
              This link was already used or has expired: a link sets a password once, within one hour.
            </p>
            {renew.isSuccess ? (
              <p role="status">
                We sent a new link to the e-mail address of the account {nationalId}. Open the newest e-mail; it is
                valid for one hour.
              </p>
            ) : (
              <Button fullWidth loading={renew.isPending} onClick={() => renew.mutate(nationalId)}>
                Send me a new link
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
            <p className={styles.subtitle}>Choose a password for the account {nationalId}.</p>
            <NewPasswordFields control={control} errors={errors} />
            <Button type="submit" fullWidth loading={reset.isPending}>
              Save Password
            </Button>
          </form>
        )}
      </div>
      <Dialog
        open={reset.isSuccess}
        onClose={() => navigate('/login')}
        title="Password Changed Successfully"
        tone="success"
        dismissible={false}
        actions={<Button onClick={() => navigate('/login')}>Confirm</Button>}
      >
        <p>Your password changed successfully. Now you can log in with your new password.</p>
      </Dialog>
      <Dialog
        open={reset.isError && !fieldError && !deadLink}
        onClose={() => reset.reset()}
        title="The password was not saved"
        tone="error"
        actions={<Button onClick={() => reset.reset()}>Try again</Button>}
      >
        <p>{reset.error?.description ?? 'The server could not be reached.'} Nothing changed; try again.</p>
      </Dialog>
    </main>
  );
}
