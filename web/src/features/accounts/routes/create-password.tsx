import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useResetPassword } from '../api/passwords';
import { newPasswordSchema } from '../api/schemas';
import type { NewPasswordValues } from '../api/schemas';
import { NewPasswordFields } from '../components/new-password-fields';
import { useServerFieldErrors } from '../components/server-errors';
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
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { newPassword: '', confirmNewPassword: '' },
  });
  useServerFieldErrors(reset.error?.fields, setError, FIELDS);
  // Messages about the password fields show under them; anything else (a bad or used token) is the error dialog.
  const fieldError = Boolean(reset.error && FIELDS.some((name) => name in reset.error!.fields));

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
        open={reset.isError && !fieldError}
        onClose={() => window.location.reload()}
        title="Error"
        tone="error"
        dismissible={false}
        actions={<Button onClick={() => window.location.reload()}>Confirm</Button>}
      >
        <p>Something went wrong! Please try again.</p>
      </Dialog>
    </main>
  );
}
