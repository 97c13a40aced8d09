import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import styles from './status-page.module.css';

/** Shown when a screen throws or its chunk fails to load (after a deploy, for instance). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <main className={styles.page} role="alert">
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.text}>{detail ?? 'This page could not be shown. Refreshing usually helps.'}</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>Refresh</Button>
      </div>
    </main>
  );
}
