import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '@/components/layouts';
import type { CustomerKind } from './registration-request-detail';

const KIND_TEXT: Record<CustomerKind, string> = {
  individual: 'Individual',
  domestic: 'Domestic company',
  foreign: 'Foreign company',
};

export function UpdateRequestDetailRoute({ kind }: { kind: CustomerKind }) {
  const { id } = useParams();
  return (
    <PlaceholderPage title="Edit Profile Request">
      {KIND_TEXT[kind]} edit request {id}.
    </PlaceholderPage>
  );
}
