import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import styles from './audit.module.css';
import { useTranslation } from 'react-i18next';

type LoadErrorProps = {
  error: unknown;
  onRetry: () => void;
  /** What to say when the failure carries no description of its own (the network, not the server). */
  fallback: string;
  /** What to say for a 404 instead of the server's description, where the screen knows what was missing. */
  notFound?: string;
  /** A 404 does not change on a retry, so most screens offer none; the lists still do. */
  retryOnNotFound?: boolean;
};

/** The audit screens' one way of saying that a read failed, with a retry where one can help. */
export function LoadError({ error, onRetry, fallback, notFound, retryOnNotFound = false }: LoadErrorProps) {
  const { t } = useTranslation('audit');
  const apiError = error instanceof ApiError ? error : null;
  const missing = apiError?.status === 404;
  return (
    <div role="alert" className={styles.errorBox}>
      <p>{missing && notFound !== undefined ? notFound : apiError ? apiError.description : fallback}</p>
      {missing && !retryOnNotFound ? null : (
        <Button variant="outline" onClick={onRetry}>
          {t('loadError.retry')}
        </Button>
      )}
    </div>
  );
}
