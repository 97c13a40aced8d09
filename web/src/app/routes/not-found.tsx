import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import styles from './status-page.module.css';

export function NotFoundRoute() {
  const { t } = useTranslation('common');
  return (
    <main className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t('notFound.pageNotFound')}</h1>
      <p className={styles.text}>{t('notFound.thePageYouAre')}</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>{t('notFound.refresh')}</Button>
        <Link to="/dashboard" className={styles.link}>
          {t('notFound.goToDashboard')}
        </Link>
      </div>
    </main>
  );
}
