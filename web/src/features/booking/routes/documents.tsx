import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ContentLayout } from '@/components/layouts';
import { Spinner } from '@/components/ui/spinner';
import { documentTypesOptions } from '../api/booking-api';
import { TemplateCard } from '../components/template-card';
import styles from '../components/booking.module.css';

/** Served at /dashboard/documents and at the spec's misspelt /dashboard/doucuments: the LOI templates. */
export function DocumentsRoute() {
  const { t } = useTranslation('booking');
  const types = useQuery(documentTypesOptions());
  return (
    <ContentLayout title={t('documents.title')} description={t('documents.description')}>
      {types.isPending ? <Spinner label={t('documents.loading')} /> : null}
      {types.isError ? <p role="alert">{t('documents.loadFailed')}</p> : null}
      <div className={styles.docCards}>
        {(types.data ?? []).map((type) => (
          <TemplateCard key={type.id} type={type} />
        ))}
      </div>
    </ContentLayout>
  );
}
