import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { PasswordInput } from '@/components/ui/password-input';
import { TextInput } from '@/components/ui/text-input';
import { toast } from '@/components/ui/toast';
import { ApiError, genericError } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { loginFormSchema, useLogin } from '../api/login';
import type { LoginFormValues } from '../api/login';
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

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { username: '', password: '', rememberMe: false },
  });

  const loginMutation = useLogin();

  const onSubmit = handleSubmit(({ username, password, rememberMe }) => {
    loginMutation.mutate(
      { username, password },
      {
        onSuccess: (result) => {
          startSession(result, { remember: rememberMe });
          toast.success(t('loginForm.signedIn'));
          setRedirecting(true);
        },
        onError: (error) => {
          // Said under the form too, where the eye is (a toast goes after 3 s).
          toast.error(error instanceof ApiError && error.fromServer ? error.description : genericError());
        },
      },
    );
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('loginForm.label')}>
      <TextInput
        label={t('loginForm.username')}
        hint={t('loginForm.usernameHint')}
        autoComplete={USERNAME}
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <PasswordInput label={t('loginForm.password')} error={errors.password?.message} {...register('password')} />
      <div className={styles.row}>
        <Checkbox label={t('loginForm.remember')} {...register('rememberMe')} />
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
