import { Trans, useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { Spinner } from '@/components/ui/spinner';
import { rateRequestOptions } from '../api/booking-api';
import { BookingNotFound } from '../components/booking-not-found';
import { RateRequestForm } from '../components/rate-request-form';
import { StepsHeader } from '../components/steps-header';
import { Reference } from '@/components/reference/reference';
import { useTeamRights } from '@/lib/team-rights';

export function NewBookingRoute() {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  // Book again (`?again=<id>`): the form opens filled from that booking; the customer reviews it and submits.
  const [params] = useSearchParams();
  const again = params.get('again') ?? '';
  const original = useQuery({ ...rateRequestOptions(again), enabled: again !== '' });
  const books = useTeamRights().book;
  if (!books) {
    return (
      <ContentLayout title={t('bookings.newBooking')}>
        <p role="note">{t('roleNote.newBooking')}</p>
      </ContentLayout>
    );
  }
  if (again && original.isError) return <BookingNotFound error={original.error} />;
  if (again && !original.data) return <Spinner label={t('newBooking.loadingCopy')} />;
  const copyOf = again ? original.data : undefined;
  return (
    <ContentLayout
      title={copyOf ? t('detail.bookAgain') : t('bookings.newBooking')}
      description={
        copyOf ? (
          <Trans
            t={t}
            i18nKey="newBooking.copyOf"
            values={{ booking: copyOf.reference ?? t('newBooking.earlier') }}
            components={{ b: <strong />, i: <Reference /> }}
          />
        ) : undefined
      }
    >
      <StepsHeader active={0} />
      {/* The new booking opens at once: its instant price, or that staff price it, is the next thing to read. */}
      <RateRequestForm
        key={copyOf?.id ?? 'new'}
        copyOf={copyOf}
        onSaved={(id) => navigate(id ? `/dashboard/bookings/rate-request/detail/${id}` : '/dashboard/bookings')}
      />
    </ContentLayout>
  );
}
