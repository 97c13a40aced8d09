import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextInput } from '@/components/ui/text-input';
import { useRequestPasswordReset } from '../api/passwords';
import { forgotPasswordSchema } from '../api/schemas';
import type { ForgotPasswordValues } from '../api/schemas';
import styles from '../components/accounts.module.css';

export function ForgetPasswordRoute() {
  const navigate = useNavigate();
  const reset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { nationalId: '' } });

  useEffect(() => {
    document.title = 'Forgot Password | Freight Booking Portal';
  }, []);

  return (
    <main className={styles.page}>
      <div className={`${styles.card} ${styles.narrow}`}>
        <h1 className={styles.title}>Forgot Password</h1>
        <p className={styles.subtitle}>
          Enter your username (your National ID, or your Company ID for a company) and we e-mail you a link to choose a
          new password.
        </p>
        <form className={styles.form} noValidate onSubmit={handleSubmit(({ nationalId }) => reset.mutate(nationalId))}>
          <TextInput
            label="National ID or Company ID"
            required
            error={errors.nationalId?.message}
            {...register('nationalId')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Reset My Password
          </Button>
          <Link to="/login" className={styles.link}>
            Back to log in
          </Link>
        </form>
      </div>
      <Dialog
        open={reset.isSuccess}
        onClose={() => navigate('/login')}
        title="Check Your Email"
        tone="success"
        dismissible={false}
        actions={<Button onClick={() => navigate('/login')}>Confirm</Button>}
      >
        <p>we sent a link to your email address to reset your password</p>
      </Dialog>
      <Dialog
        open={reset.isError}
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
