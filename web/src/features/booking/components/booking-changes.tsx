/**
 * The customer's side of changes to a confirmed booking: ask for an amendment or a cancellation, follow its
 * status, accept a new price or withdraw. What may be done comes from the lifecycle files, as everywhere.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { can, getState, isFinal, label } from '@/lib/lifecycle';
import type { RateRequestDetail } from '../api/booking-api';
import {
  ChangeDiff,
  changeStyles as styles,
  type AmendmentView,
  type CancellationView,
} from '@/components/booking-changes';
import {
  bookingChangesOptions,
  useCustomerChange,
  useRequestCancellation,
  type CustomerChange,
} from '../api/changes-api';
import { RateRequestForm } from './rate-request-form';
import { formatMoment } from '@/lib/format';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const when = (iso: string) => formatMoment(iso);

function StatusLine({
  machine,
  change,
}: {
  machine: 'booking_amendment' | 'booking_cancellation';
  change: AmendmentView | CancellationView;
}) {
  return (
    <p className={styles.status}>
      <span className={styles.badge} data-final={isFinal(machine, change.stateName)}>
        {label(machine, change.stateName)}
      </span>
      <span>Requested by you {when(change.requestedAt)}</span>
      {change.message ? <span>Message from staff: {change.message}</span> : null}
    </p>
  );
}

export function BookingChangesPanel({ detail }: { detail: RateRequestDetail }) {
  const changes = useQuery(bookingChangesOptions(detail.id));
  const act = useCustomerChange(detail.id);
  const cancel = useRequestCancellation(detail.id);
  const [amending, setAmending] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const [reason, setReason] = useState('');
  const amendment = changes.data?.amendment ?? null;
  const cancellation = changes.data?.cancellation ?? null;
  // Confirmed and under way: the states rate_request.json marks `amendable`.
  const confirmed = getState('rate_request', detail.stateName)?.amendable === true;
  // Staff asked for an amendment (DCSA use case 6): the customer's amendment answers it.
  const asked = amendment !== null && amendment.stateName === 'asked';
  const cancellationOpen = cancellation !== null && !isFinal('booking_cancellation', cancellation.stateName);
  const open = (amendment !== null && !asked && !isFinal('booking_amendment', amendment.stateName)) || cancellationOpen;
  if (!confirmed && amendment === null && cancellation === null) return null;

  const run = async (action: CustomerChange, done: string) => {
    try {
      await act.mutateAsync(action);
      toast.success(done);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The change could not be saved');
    }
  };
  const requestCancellation = async () => {
    try {
      await cancel.mutateAsync(reason.trim());
      setCancelling(false);
      toast.success('Cancellation requested');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The request could not be sent');
    }
  };
  const mayAmend =
    !open &&
    can('booking_amendment', asked ? 'asked' : 'new', 'request', 'customer', {
      booking_confirmed: confirmed,
      changes_something: true,
    });
  const mayCancel =
    !open && can('booking_cancellation', 'new', 'request', 'customer', { booking_confirmed: confirmed });
  const stillValid = amendment?.validUntil ? new Date(amendment.validUntil) > new Date() : false;

  return (
    <section className={styles.panel} aria-labelledby="booking-changes-title">
      <h2 id="booking-changes-title">Changes to this booking</h2>
      {amendment ? (
        <>
          <h3>Amendment {amendment.number}</h3>
          <StatusLine machine="booking_amendment" change={amendment} />
          {amendment.stateName === 'requoted' && amendment.price !== null ? (
            <p role="status">
              The change needs a new price: <strong>{usd.format(amendment.price)}</strong> per container
              {amendment.validUntil ? `, quote valid until ${when(amendment.validUntil)}` : ''}.
            </p>
          ) : null}
          {amendment.stateName === 'requested' && amendment.changesPrice ? (
            <p>A change of quantity or equipment needs a new price; staff will quote it.</p>
          ) : null}
          {amendment.askedFor ? (
            <p role={asked ? 'alert' : undefined}>Staff ask you to amend: {amendment.askedFor}</p>
          ) : null}
          {asked ? null : (
            <ChangeDiff fields={amendment.fields} caption={`Amendment ${amendment.number}: booked beside amended`} />
          )}
          <div className={styles.actions}>
            {can('booking_amendment', amendment.stateName, 'withdraw', 'customer') ? (
              <Button
                variant="outline"
                disabled={act.isPending}
                onClick={() => run('withdraw-amendment', 'Amendment withdrawn')}
              >
                Withdraw amendment
              </Button>
            ) : null}
            {can('booking_amendment', amendment.stateName, 'accept_price', 'customer', {
              before_validity: stillValid,
            }) ? (
              <Button disabled={act.isPending} onClick={() => setAccepting(true)}>
                Accept new price
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
      {cancellation ? (
        <>
          <h3>Cancellation request</h3>
          <StatusLine machine="booking_cancellation" change={cancellation} />
          {cancellation.reason ? <p>Your reason: {cancellation.reason}</p> : null}
          {can('booking_cancellation', cancellation.stateName, 'withdraw', 'customer') ? (
            <div className={styles.actions}>
              <Button
                variant="outline"
                disabled={act.isPending}
                onClick={() => run('withdraw-cancellation', 'Cancellation request withdrawn')}
              >
                Withdraw cancellation request
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
      {mayAmend || mayCancel ? (
        <div className={styles.actions}>
          {mayCancel ? (
            <Button variant="outline" onClick={() => setCancelling(true)}>
              Request cancellation
            </Button>
          ) : null}
          {mayAmend ? (
            <Button onClick={() => setAmending(true)}>{asked ? 'Send amendment' : 'Request amendment'}</Button>
          ) : null}
        </div>
      ) : null}
      {amendment && amendment.price !== null ? (
        <ConfirmDialog
          open={accepting}
          title="Accept the new price?"
          act="Accept new price"
          onAct={() =>
            void run('accept-price', 'New price accepted; the booking is amended').then(() => setAccepting(false))
          }
          keep="Not yet"
          onKeep={() => setAccepting(false)}
          pending={act.isPending}
        >
          <p>
            Booking {detail.reference ?? ''} takes the amended details at {usd.format(amendment.price)} per container
            {amendment.validUntil ? `; this price is valid until ${when(amendment.validUntil)}` : ''}.
          </p>
        </ConfirmDialog>
      ) : null}
      <Dialog open={amending} onClose={() => setAmending(false)} title="Request an amendment">
        <p>Change what you need; the booking stands as it is until staff approve the change.</p>
        <RateRequestForm detail={detail} amend onSaved={() => setAmending(false)} onCancel={() => setAmending(false)} />
      </Dialog>
      <Dialog
        open={cancelling}
        onClose={() => setCancelling(false)}
        title="Request cancellation"
        actions={
          <>
            <Button variant="outline" onClick={() => setCancelling(false)}>
              Keep booking
            </Button>
            <Button loading={cancel.isPending} onClick={requestCancellation}>
              Send request
            </Button>
          </>
        }
      >
        <p>The booking is confirmed, so staff decide on its cancellation.</p>
        <label className={styles.label} htmlFor="cancellation-reason">
          Reason (optional)
        </label>
        <textarea
          id="cancellation-reason"
          dir="auto"
          className={styles.textarea}
          maxLength={2000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Dialog>
    </section>
  );
}
