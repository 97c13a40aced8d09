import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { ApiError } from '@/lib/api-client';

/**
 * An unknown id and another customer's booking answer 404 alike (no leak of existence): one clear state
 * with the way back, instead of a spinner. Any other failure says so and offers the same way back.
 */
export function BookingNotFound({ error }: { error: unknown }) {
  const { t } = useTranslation('booking');
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 403);
  return (
    <ContentLayout title={missing ? t('notFound.title') : t('notFound.failedTitle')}>
      <p role="alert">
        {missing ? t('notFound.text') : error instanceof Error ? error.message : t('notFound.tryAgain')}
      </p>
      <p>
        <Link to="/dashboard/bookings">{t('notFound.back')}</Link>
      </p>
    </ContentLayout>
  );
}
