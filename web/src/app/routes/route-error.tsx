import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import styles from './status-page.module.css';

/** Shown when a screen throws or its chunk fails to load (after a deploy, for instance). */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <main className={styles.page} role="alert">
      <h1 className={styles.title}>{t('routeError.somethingWentWrong')}</h1>
      <p className={styles.text}>{detail ?? t('routeError.thisPageCouldNot')}</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>{t('routeError.refresh')}</Button>
      </div>
    </main>
  );
}
