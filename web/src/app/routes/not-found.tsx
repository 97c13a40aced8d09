import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import styles from './status-page.module.css';

export function NotFoundRoute() {
  return (
    <main className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>Page not found</h1>
      <p className={styles.text}>The page you are looking for does not exist or has moved.</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>Refresh</Button>
        <Link to="/dashboard" className={styles.link}>
          Go to dashboard
        </Link>
      </div>
    </main>
  );
}
