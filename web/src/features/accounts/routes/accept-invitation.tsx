import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { useAcceptInvitation } from '../api/team';
import styles from '../components/accounts.module.css';
import team from '../components/team.module.css';

/** The page an invitation e-mail opens: the colleague chooses a password (the sign-up rules) and then logs in
 * with their e-mail address. The link works once, for 72 hours. */
export function AcceptInvitationRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptInvitation();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  useEffect(() => {
    document.title = 'Join your team | Freight Booking Portal';
  }, []);
  const fields = accept.error?.fields ?? {};
  const passwordError = mismatch ? undefined : (fields.newPassword ?? fields.password);
  return (
    <main className={styles.page}>
      <div className={`${styles.card} ${styles.narrow}`}>
        <h1 className={styles.title}>Join your team</h1>
        {!token ? (
          <p role="alert" className={styles.error}>
            This page needs the link from your invitation e-mail.
          </p>
        ) : accept.isSuccess ? (
          <div className={`${styles.form} ${team.wrap}`} role="status">
            <p>
              Welcome to {accept.data.companyName}. Log in with your e-mail address{' '}
              <strong>{accept.data.username}</strong> and the password you chose.
            </p>
            <Link to="/login">Go to the login</Link>
          </div>
        ) : fields.token ? (
          <p role="alert" className={styles.error}>
            {fields.token} Ask an owner of your company's team to invite you again.
          </p>
        ) : (
          <form
            className={styles.form}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setMismatch(password !== again);
              if (password === again) accept.mutate({ token, password });
            }}
          >
            <p className={styles.subtitle}>
              Choose your password: at least 8 characters, with an uppercase letter and a digit.
            </p>
            <PasswordInput
              label="Password"
              value={password}
              error={passwordError}
              autoComplete="new-password"
              onChange={(event) => setPassword(event.target.value)}
            />
            <PasswordInput
              label="Password again"
              value={again}
              error={mismatch ? 'The passwords differ.' : undefined}
              autoComplete="new-password"
              onChange={(event) => setAgain(event.target.value)}
            />
            {accept.isError && !passwordError && !fields.token ? (
              <p role="alert" className={styles.formError}>
                {accept.error.description}
              </p>
            ) : null}
            <Button type="submit" fullWidth loading={accept.isPending}>
              Join the team
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
