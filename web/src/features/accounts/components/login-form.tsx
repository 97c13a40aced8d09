import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { PasswordInput } from '@/components/ui/password-input';
import { TextInput } from '@/components/ui/text-input';
import { toast } from '@/components/ui/toast';
import { ApiError, genericError } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { readLoginForm, useLogin } from '../api/login';
import type { LoginFormErrors } from '../api/login';
import styles from './login-form.module.css';

/** Spec 000 section 9: the page reloads 3 seconds after a successful login; the guard then sends the user on. */
export const POST_LOGIN_RELOAD_MS = 3000;

export interface LoginFormProps {
  /** What happens once the session is stored and the delay has passed; reloading the page by default. */
  onLoggedIn?: () => void;
}

function reloadPage() {
  window.location.reload();
}

const USERNAME = 'username';

export function LoginForm({ onLoggedIn = reloadPage }: LoginFormProps) {
  const { t } = useTranslation('accounts');
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    if (!redirecting) return undefined;
    const timer = setTimeout(onLoggedIn, POST_LOGIN_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [redirecting, onLoggedIn]);

  // Three fields checked by hand, not through a form library and a schema library: the login page is the first
  // load, with a budget (scripts/login-size.mjs). Checked on submit, then again on every change.
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const required = t('loginForm.required');

  const loginMutation = useLogin();

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (submitted) setErrors(readLoginForm(new FormData(event.currentTarget), required).errors);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const form = event.currentTarget;
    const { values, errors: found } = readLoginForm(new FormData(form), required);
    setErrors(found);
    const first = (['username', 'password'] as const).find((name) => found[name]);
    if (first) {
      const field = form.elements.namedItem(first);
      if (field instanceof HTMLElement) field.focus();
      return;
    }
    const { username, password, rememberMe } = values;
    loginMutation.mutate(
      { username, password },
      {
        onSuccess: (result) => {
          startSession(result, { remember: rememberMe });
          toast.success(t('loginForm.signedIn'));
          setRedirecting(true);
        },
        // The failure is said once, under the form where the eye is (an alert there, no toast that says it
        // again to a screen reader and goes after 3 s).
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} onChange={onChange} noValidate aria-label={t('loginForm.label')}>
      <TextInput
        label={t('loginForm.username')}
        hint={t('loginForm.usernameHint')}
        autoComplete={USERNAME}
        autoCapitalize="none"
        spellCheck={false}
        name="username"
        error={errors.username}
      />
      <PasswordInput label={t('loginForm.password')} name="password" error={errors.password} />
      <div className={styles.row}>
        <Checkbox label={t('loginForm.remember')} name="rememberMe" />
        <Link to="/forgetpassword" className={styles.link}>
          {t('loginForm.forgot')}
        </Link>
      </div>
      {loginMutation.isError ? (
        <p className={styles.failure} role="alert">
          {loginMutation.error instanceof ApiError && loginMutation.error.fromServer
            ? loginMutation.error.description
            : genericError()}
        </p>
      ) : null}
      <Button type="submit" fullWidth loading={loginMutation.isPending || redirecting}>
        {t('loginForm.submit')}
      </Button>
      <p className={styles.signUp}>
        <Link to="/register" className={styles.link}>
          {t('loginForm.signUp')}
        </Link>
      </p>
    </form>
  );
}
