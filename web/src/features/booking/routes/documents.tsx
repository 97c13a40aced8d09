import { useQuery } from '@tanstack/react-query';
import { ContentLayout } from '@/components/layouts';
import { Spinner } from '@/components/ui/spinner';
import { documentTypesOptions } from '../api/booking-api';
import { TemplateCard } from '../components/template-card';
import styles from '../components/booking.module.css';

/** Served at /dashboard/documents and at the spec's misspelt /dashboard/doucuments: the LOI templates. */
export function DocumentsRoute() {
  const types = useQuery(documentTypesOptions());
  return (
    <ContentLayout
      title="Documents"
      description="The booking letter and LOI templates. Sign them and upload them on a booking once its price is accepted."
    >
      {types.isPending ? <Spinner label="Loading documents" /> : null}
      {types.isError ? <p role="alert">The documents could not be loaded.</p> : null}
      <div className={styles.docCards}>
        {(types.data ?? []).map((type) => (
          <TemplateCard key={type.id} type={type} />
        ))}
      </div>
    </ContentLayout>
  );
}
