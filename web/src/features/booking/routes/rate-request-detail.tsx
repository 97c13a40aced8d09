import { useQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { i18next } from '@/i18n';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { WhoseMove } from '@/components/whose-move';
import { customerLabel, isNamed, isState, label, sailingSettled, stateName } from '@/lib/lifecycle';
import {
  activeStep,
  bookingWizardMachine,
  mayCancelOrder,
  mayWithdrawUpdate,
  reachedStep,
} from '@/machines/booking-wizard';
import { rateRequestOptions } from '../api/booking-api';
import { bookingChangesOptions } from '../api/changes-api';
import type { RateRequestDetail } from '../api/booking-api';
import { BookingChangesPanel } from '../components/booking-changes';
import { CancelOrderAction } from '../components/cancel-order';
import { WithdrawUpdateAction } from '../components/withdraw-update';
import { BookingSailingCard } from '../components/booking-sailing';
import { RateRequestForm } from '../components/rate-request-form';
import { ShippingOrderForm } from '../components/shipping-order-form';
import { SentMeanwhileNotice, useSentMeanwhile } from '../components/sent-meanwhile';
import { StepsHeader } from '../components/steps-header';
import { BookingNotFound } from '../components/booking-not-found';
import { AwaitingQuotePanel, BookingRequestStep, FinalStep, PricePanel } from '../components/steps';
import { SummaryHeader } from '../components/summary-header';
import { TrackingPanel } from '../components/tracking-panel';
import styles from '../components/booking.module.css';
import { Reference } from '@/components/reference/reference';
import { useTeamRights } from '@/lib/team-rights';
import { RoleNote } from '../components/role-note';

function serverSnapshot(d: RateRequestDetail) {
  return {
    state: d.state,
    priced: d.price !== null,
    // By name: the order's code 0 stands for `submitted` and for `update_received` alike.
    orderState: d.order?.statusName ?? null,
    hasDocuments: Boolean(d.bookingRequest),
  };
}

/** A step with nothing to fill in: the summary, where the booking stands, Back and (unless it `continues` no
 * further) Continue, enabled once the booking has reached the next step (`onContinue` given). */
function StatusStep({
  detail,
  onBack,
  onContinue,
  continues = true,
  actions,
  children,
}: {
  detail: RateRequestDetail;
  onBack: () => void;
  onContinue?: () => void;
  continues?: boolean;
  /** What else the customer may do here, between Back and Continue. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('booking');
  return (
    <>
      <SummaryHeader detail={detail} />
      <p role="status">{children}</p>
      <div className={styles.actions}>
        <Button variant="outline" onClick={onBack}>
          {t('actions.back')}
        </Button>
        {actions}
        {continues ? (
          <Button onClick={onContinue} disabled={!onContinue}>
            {t('actions.continue')}
          </Button>
        ) : null}
      </div>
    </>
  );
}

/** Why staff declined the order, their message as they wrote it, where the customer may fill it again (decision
 * 3824): beside the offer, and above the form while she corrects it. Nothing for an order she cancelled. */
function DeclineReason({ detail }: { detail: RateRequestDetail }) {
  const { t } = useTranslation('booking');
  const reason = detail.order?.declineMessage;
  if (!reason || !isNamed('shipping_order', detail.order?.statusName, 'declined')) return null;
  return (
    <section className={styles.reviseSummary} aria-labelledby="decline-reason-title">
      <h2 id="decline-reason-title">{t('detail.declineReason')}</h2>
      <p dir="auto">{reason}</p>
    </section>
  );
}

/** A state this page has no screen for, said honestly (decision 3842): named by its label in the lifecycle file,
 * or, for one the file lacks (the server a release ahead), said to be one this page cannot show yet. */
function notShownWords(machine: 'rate_request' | 'shipping_order', state: string | number, price?: number | null) {
  const named = customerLabel(machine, state, price);
  const whose = machine === 'shipping_order' ? 'order' : 'booking';
  return named
    ? i18next.t(`booking:detail.notShown.${whose}`, { state: named })
    : i18next.t(`booking:detail.notShown.${whose}Unknown`);
}

export function RateRequestDetailRoute() {
  const { t } = useTranslation('booking');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery(rateRequestOptions(id));
  const [snapshot, send] = useMachine(bookingWizardMachine);
  const detail = query.data;
  // A viewer follows every step; the forms and the changes are a booker's or an owner's (their `book` right).
  const books = useTeamRights().book;
  // Whether the vessel left with the cargo (the changes panel's query: one request serves both); read only
  // where there is an order to cancel. Not yet read is not taken as sailed: the server decides again.
  const changes = useQuery({ ...bookingChangesOptions(id), enabled: Boolean(detail?.order) });
  const cargoSailed = (changes.data?.cargoSailedAt ?? null) !== null;
  // A colleague sent the order she was typing: who, when, and what she typed, until she closes it (3886).
  const orderSent = useSentMeanwhile(detail, 'order');
  // ... or the rate request she was revising as staff asked.
  const requestSent = useSentMeanwhile(detail, 'request');
  // ... or the booking request's signed documents she was choosing.
  const documentsSent = useSentMeanwhile(detail, 'documents');

  useEffect(() => {
    if (detail) send({ type: 'SYNC', snapshot: serverSnapshot(detail) });
  }, [detail, send]);

  // The error first: the wizard waits in 'loading' until the server's state arrives, which never happens on a 404.
  // Only with nothing to show: a failed background refetch keeps the step on screen, and what the person has
  // ticked or typed in it (swapping the step out and back would reset its form).
  if (query.isError && !detail) return <BookingNotFound error={query.error} />;
  if (query.isPending || !detail || snapshot.matches('loading')) return <Spinner label={t('detail.loading')} />;

  const step = activeStep(snapshot);
  const reached = reachedStep(snapshot.context.server);
  // What the booking is now, in words: a completed booking says so, not its last step's name.
  const closed = snapshot.matches('closed');
  const title = isState('rate_request', detail.state, 'completed')
    ? t('detail.titles.completed')
    : closed
      ? t('detail.titles.closed', { state: customerLabel('rate_request', detail.state) })
      : snapshot.matches({ rateRequest: 'priceOffered' })
        ? t('detail.titles.priceQuoted')
        : step === 1
          ? t('detail.titles.bookingRequest')
          : step === 0
            ? t('detail.titles.rateRequest')
            : step === 2
              ? t('detail.titles.shippingOrder')
              : t('detail.titles.finalReport');
  const back = () => send({ type: 'BACK' });
  const next = () => send({ type: 'CONTINUE' });
  const toList = () => navigate('/dashboard/bookings');
  // Where the order's lifecycle lets her cancel it (under review, returned for changes): decision 3832.
  const cancelOrder =
    books && mayCancelOrder(snapshot.context.server, cargoSailed) ? <CancelOrderAction detail={detail} /> : null;
  // Where it lets her withdraw the update she sent (awaiting staff): decision 3839.
  const withdrawUpdate =
    books && mayWithdrawUpdate(snapshot.context.server) ? <WithdrawUpdateAction detail={detail} /> : null;
  // A state with no screen of its own, said as such (decision 3842).
  const bookingNotShown = notShownWords('rate_request', detail.state, detail.price);
  const orderNotShown = notShownWords('shipping_order', detail.order?.statusName ?? '');

  return (
    <ContentLayout
      title={title}
      description={
        <>
          {detail.reference ? (
            <strong>
              <Reference value={detail.reference} />{' '}
            </strong>
          ) : null}
          <span className={styles.badge} data-state={stateName('rate_request', detail.state, detail.price)}>
            {customerLabel('rate_request', detail.state, detail.price)}
          </span>{' '}
          <WhoseMove waitingFor={detail.waitingFor} viewer="customer" />{' '}
          {/* Beside the booking's name, not at the heading's far end, where a step's notice appears. */}
          {books ? (
            <Button variant="outline" onClick={() => navigate(`/dashboard/bookings/NewBooking?again=${detail.id}`)}>
              {t('detail.bookAgain')}
            </Button>
          ) : null}
        </>
      }
    >
      {/* A closed booking is on no step: it says what happened instead (its lifecycle file's `closed` screen). */}
      {closed ? null : <StepsHeader active={step} />}
      <RoleNote right="book" />
      <SentMeanwhileNotice told={orderSent.told} onDismiss={orderSent.dismiss} />
      <SentMeanwhileNotice told={requestSent.told} onDismiss={requestSent.dismiss} />
      <SentMeanwhileNotice told={documentsSent.told} onDismiss={documentsSent.dismiss} />
      <BookingChangesPanel detail={detail} />
      <BookingSailingCard
        id={detail.id}
        ended={closed}
        settled={sailingSettled(stateName('rate_request', detail.state, detail.price))}
      />
      <TrackingPanel detail={detail} />
      {snapshot.matches({ rateRequest: 'awaitingQuote' }) ? (
        <AwaitingQuotePanel
          detail={detail}
          onBack={toList}
          onEdit={() => navigate(`/dashboard/bookings/rate-request/edit/${detail.id}?edit=true`)}
        />
      ) : null}
      {snapshot.matches({ rateRequest: 'revisionRequested' }) ? (
        books ? (
          <RateRequestForm detail={detail} onTyped={requestSent.onTyped} onSaved={toList} onCancel={toList} />
        ) : (
          <StatusStep detail={detail} onBack={toList} continues={false}>
            {t('rateRequestForm.revisionRequested')} <bdi>{detail.revisionMessage}</bdi>
          </StatusStep>
        )
      ) : null}
      {snapshot.matches({ rateRequest: 'priceOffered' }) ? <PricePanel detail={detail} /> : null}
      {snapshot.matches({ rateRequest: 'accepted' }) ? (
        <StatusStep detail={detail} onBack={toList} onContinue={reached >= 1 ? next : undefined}>
          {t('detail.accepted')}
        </StatusStep>
      ) : null}
      {snapshot.matches({ rateRequest: 'unknown' }) ? (
        <StatusStep detail={detail} onBack={toList} continues={false}>
          {bookingNotShown}
        </StatusStep>
      ) : null}
      {snapshot.matches('bookingRequest') && !snapshot.matches({ bookingRequest: 'unknown' }) ? (
        <BookingRequestStep
          detail={detail}
          editable={books && isState('rate_request', detail.state, 'loi_pending')}
          onBack={back}
          onContinue={next}
          canContinue={isState('rate_request', detail.state, 'shipping_order') || reached >= 2}
          onTyped={documentsSent.onTyped}
        />
      ) : null}
      {snapshot.matches({ bookingRequest: 'unknown' }) ? (
        <StatusStep detail={detail} onBack={back} continues={false}>
          {bookingNotShown}
        </StatusStep>
      ) : null}
      {snapshot.matches({ shippingOrder: 'fill' }) && !books ? (
        <StatusStep detail={detail} onBack={back} continues={false}>
          {t('detail.orderToFill')}
        </StatusStep>
      ) : null}
      {snapshot.matches({ shippingOrder: 'fill' }) && books ? (
        <>
          <SummaryHeader detail={detail} />
          <ShippingOrderForm
            detail={detail}
            onTyped={orderSent.onTyped}
            onDone={() => navigate('/dashboard/bookings?RateRequests=true')}
          />
          <div className={styles.actions}>
            <Button variant="outline" onClick={back}>
              {t('actions.back')}
            </Button>
          </div>
        </>
      ) : null}
      {snapshot.matches({ shippingOrder: 'underReview' }) ||
      snapshot.matches({ shippingOrder: 'updateReceived' }) ||
      snapshot.matches({ shippingOrder: 'accepted' }) ? (
        <StatusStep
          detail={detail}
          onBack={back}
          onContinue={reached >= 3 ? next : undefined}
          actions={
            snapshot.matches({ shippingOrder: 'accepted' }) ? null : (
              <>
                {withdrawUpdate}
                {cancelOrder}
              </>
            )
          }
        >
          {snapshot.matches({ shippingOrder: 'underReview' })
            ? t('detail.orderUnderReview')
            : snapshot.matches({ shippingOrder: 'updateReceived' })
              ? t('detail.orderUpdateReceived', { state: label('shipping_order', detail.order?.statusName ?? '') })
              : t('detail.orderAccepted')}
        </StatusStep>
      ) : null}
      {snapshot.matches({ shippingOrder: 'notSent' }) ? (
        <StatusStep detail={detail} onBack={back} onContinue={next}>
          {t('detail.orderNotSent')}
        </StatusStep>
      ) : null}
      {snapshot.matches({ shippingOrder: 'unknown' }) ? (
        <StatusStep detail={detail} onBack={back} continues={false}>
          {orderNotShown}
        </StatusStep>
      ) : null}
      {snapshot.matches({ shippingOrder: { fillAgain: 'offered' } }) ? (
        <>
          <SummaryHeader detail={detail} />
          <p role="status">
            {isNamed('shipping_order', detail.order?.statusName, 'declined')
              ? t('detail.orderDeclined')
              : t('detail.orderCancelled')}
          </p>
          <DeclineReason detail={detail} />
          <div className={styles.actions}>
            <Button variant="outline" onClick={back}>
              {t('actions.back')}
            </Button>
            {books ? <Button onClick={() => send({ type: 'FILL_AGAIN' })}>{t('detail.fillAgain')}</Button> : null}
          </div>
        </>
      ) : null}
      {snapshot.matches({ shippingOrder: { fillAgain: 'filling' } }) ? (
        <>
          <SummaryHeader detail={detail} />
          <DeclineReason detail={detail} />
          <ShippingOrderForm
            detail={detail}
            again
            onTyped={orderSent.onTyped}
            onDone={() => navigate('/dashboard/bookings?RateRequests=true')}
          />
          <div className={styles.actions}>
            <Button variant="outline" onClick={() => send({ type: 'KEEP_AS_IS' })}>
              {t('actions.back')}
            </Button>
          </div>
        </>
      ) : null}
      {snapshot.matches({ shippingOrder: 'revisionRequested' }) ? (
        <>
          <p role="status">{t('detail.orderRevision')}</p>
          <div className={styles.actions}>
            {cancelOrder}
            {books ? (
              <Button onClick={() => navigate(`/dashboard/bookings/rate-request/edit/${detail.id}`)}>
                {t('detail.editOrder')}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
      {snapshot.matches('final') && !snapshot.matches({ final: 'unknown' }) ? (
        <FinalStep detail={detail} onBack={back} />
      ) : null}
      {snapshot.matches({ final: 'unknown' }) ? (
        <StatusStep detail={detail} onBack={back} continues={false}>
          {detail.order ? orderNotShown : bookingNotShown}
        </StatusStep>
      ) : null}
      {closed ? (
        <StatusStep detail={detail} onBack={toList} continues={false}>
          {customerLabel('rate_request', detail.state)}
          {detail.rejectionMessage ? (
            <>
              {t('detail.reasonSeparator')}
              <bdi>{detail.rejectionMessage}</bdi>
            </>
          ) : (
            ''
          )}
        </StatusStep>
      ) : null}
    </ContentLayout>
  );
}
