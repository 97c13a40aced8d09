import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { logOutOfThisTab } from '@/lib/api-client';
import { useLogOutEverywhere } from '../api/passwords';
import styles from './accounts.module.css';

/** The Security tab's way out of every session (a lost phone, a shared computer): this one ends too. */
export function EndAllSessions() {
  const { t } = useTranslation('accounts');
  const end = useLogOutEverywhere();
  const navigate = useNavigate();
  return (
    <section className={styles.form} aria-label={t('endAllSessions.sessions')}>
      <p>{t('endAllSessions.signedInSomewhereYou')}</p>
      <div className={styles.actions}>
        <Button
          type="button"
          variant="secondary"
          loading={end.isPending}
          onClick={() =>
            end.mutate(undefined, {
              onSuccess: () => {
                // Someone else may have signed in meanwhile, in another tab: they stay signed in (3904).
                if (logOutOfThisTab()) navigate('/login', { replace: true });
              },
              onError: (error) => toast.failure(error, error.description),
            })
          }
        >
          {t('endAllSessions.logOutOfAll')}
        </Button>
      </div>
    </section>
  );
}
