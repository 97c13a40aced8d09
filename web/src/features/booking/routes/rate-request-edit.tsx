import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { Spinner } from '@/components/ui/spinner';
import { isNamed } from '@/lib/lifecycle';
import { useTeamRights } from '@/lib/team-rights';
import { rateRequestOptions } from '../api/booking-api';
import { BookingNotFound } from '../components/booking-not-found';
import { RateRequestForm } from '../components/rate-request-form';
import { RevisionSummary, ShippingOrderForm } from '../components/shipping-order-form';
import { SentMeanwhileNotice, useSentMeanwhile } from '../components/sent-meanwhile';
import { StepsHeader } from '../components/steps-header';
import { SummaryHeader } from '../components/summary-header';

/**
 * The route serves both readings of spec section 2: an order in revision gets the shipping
 * order edit screen; otherwise the rate request edit form (read-only until Edit).
 */
export function RateRequestEditRoute() {
  const { id = '' } = useParams();
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = useQuery(rateRequestOptions(id));
  const detail = query.data;
  // Editing is a booker's or an owner's: a viewer who follows a link here reads the booking instead.
  const books = useTeamRights().book;
  // A colleague sent the order she was revising meanwhile: who, when, and what she typed (decision 3886).
  const orderSent = useSentMeanwhile(detail, 'order');
  // ... or the rate request she was editing.
  const requestSent = useSentMeanwhile(detail, 'request');
  const notice = (
    <>
      <SentMeanwhileNotice told={orderSent.told} onDismiss={orderSent.dismiss} />
      <SentMeanwhileNotice told={requestSent.told} onDismiss={requestSent.dismiss} />
    </>
  );
  if (!books) return <Navigate to={`/dashboard/bookings/rate-request/detail/${id}`} replace />;
  if (query.isError) return <BookingNotFound error={query.error} />;
  if (query.isPending || !detail) return <Spinner label={t('detail.loading')} />;
  const toList = () => navigate('/dashboard/bookings');
  if (detail.order && isNamed('shipping_order', detail.order.statusName, 'revision_requested')) {
    return (
      <ContentLayout title={t('detail.editOrder')}>
        {/* Rate request and booking letter are done; the shipping order is the step being worked on. */}
        <StepsHeader active={2} />
        {notice}
        {/* Staff's messages first, above the booking's facts: each links to its field below. */}
        <RevisionSummary revise={detail.order.revise} />
        <SummaryHeader detail={detail} />
        <ShippingOrderForm key={detail.order.id} detail={detail} edit onTyped={orderSent.onTyped} onDone={toList} />
      </ContentLayout>
    );
  }
  return (
    <ContentLayout title={t('edit.rateRequestTitle')}>
      {notice}
      <StepsHeader active={0} />
      <RateRequestForm
        key={detail.id + detail.state}
        detail={detail}
        startEditing={params.get('edit') === 'true'}
        onTyped={requestSent.onTyped}
        onSaved={toList}
        onCancel={toList}
      />
    </ContentLayout>
  );
}
