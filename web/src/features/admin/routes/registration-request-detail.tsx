import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '@/components/layouts';

export type CustomerKind = 'individual' | 'domestic' | 'foreign';

const KIND_TEXT: Record<CustomerKind, string> = {
  individual: 'Individual',
  domestic: 'Domestic company',
  foreign: 'Foreign company',
};

export function RegistrationRequestDetailRoute({ kind }: { kind: CustomerKind }) {
  const { id } = useParams();
  return (
    <PlaceholderPage title="Registration Requests">
      {KIND_TEXT[kind]} registration request {id}.
    </PlaceholderPage>
  );
}
