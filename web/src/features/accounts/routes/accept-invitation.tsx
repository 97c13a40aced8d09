import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { useAcceptInvitation } from '../api/team';
import styles from '../components/accounts.module.css';
import { NarrowPage } from '../components/narrow-page';
import team from '../components/team.module.css';

/** The page an invitation e-mail opens: the colleague chooses a password (the sign-up rules) and then logs in
 * with their e-mail address. The link works once, for 72 hours. */
export function AcceptInvitationRoute() {
  const { t } = useTranslation('accounts');
  const documentTitle = t('acceptInvitation.documentTitle');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptInvitation();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const fields = accept.error?.fields ?? {};
  const passwordError = mismatch ? undefined : (fields.newPassword ?? fields.password);
  return (
    <NarrowPage documentTitle={documentTitle} title={t('acceptInvitation.title')}>
      {!token ? (
        <p role="alert" className={styles.error}>
          {t('acceptInvitation.noToken')}
        </p>
      ) : accept.isSuccess ? (
        <div className={`${styles.form} ${team.wrap}`} role="status">
          <p>
            <Trans
              t={t}
              i18nKey="acceptInvitation.welcome"
              values={{ company: accept.data.companyName, username: accept.data.username }}
              components={{ strong: <strong dir="auto" /> }}
            />
          </p>
          <Link to="/login">{t('acceptInvitation.toLogin')}</Link>
        </div>
      ) : fields.token ? (
        <p role="alert" className={styles.error}>
          {t('acceptInvitation.deadLink', { reason: fields.token })}
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
          <p className={styles.subtitle}>{t('acceptInvitation.rules')}</p>
          <PasswordInput
            label={t('acceptInvitation.password')}
            value={password}
            error={passwordError}
            autoComplete="new-password"
            onChange={(event) => setPassword(event.target.value)}
          />
          <PasswordInput
            label={t('acceptInvitation.again')}
            value={again}
            error={mismatch ? t('acceptInvitation.differ') : undefined}
            autoComplete="new-password"
            onChange={(event) => setAgain(event.target.value)}
          />
          {accept.isError && !passwordError && !fields.token ? (
            <p role="alert" className={styles.formError}>
              {accept.error.description}
            </p>
          ) : null}
          <Button type="submit" fullWidth loading={accept.isPending}>
            {t('acceptInvitation.submit')}
          </Button>
        </form>
      )}
    </NarrowPage>
  );
}
