/**
 * Staff decide the changes customers ask for after confirmation: the amendment's fields side by side
 * (approve, quote a new price where quantity or equipment changes, or decline with a message), and
 * cancellation requests (confirm, or decline with a message). Offered actions follow the lifecycle files.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { TextInput } from '@/components/ui/text-input';
import { toast } from '@/components/ui/toast';
import { can, getState, isFinal, label, stateName } from '@/lib/lifecycle';
import { ChangeDiff, changeStyles as styles, type AmendmentView } from '@/components/booking-changes';
import {
  openChangesOptions,
  staffBookingOptions,
  staffChangesOptions,
  useStaffDecision,
  type StaffDecision,
} from '../api/changes';
import { ConfirmCancellation } from './confirm-cancellation';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function useDecide(rateRequestId: string) {
  const decision = useStaffDecision(rateRequestId);
  const decide = async (choice: StaffDecision, done: string) => {
    try {
      await decision.mutateAsync(choice);
      toast.success(done);
      return true;
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The decision could not be saved');
      return false;
    }
  };
  return { decide, pending: decision.isPending };
}

/** A message to the customer with the decision it goes with (a decline, or asking for an amendment, needs one),
 * beside the other choices (`children`). */
function WithMessage({
  label = 'Message to the customer',
  sendLabel,
  primary = false,
  pending,
  onSend,
  children,
}: {
  label?: string;
  sendLabel: string;
  primary?: boolean;
  pending: boolean;
  onSend: (message: string) => unknown;
  children?: ReactNode;
}) {
  const [message, setMessage] = useState('');
  return (
    <div className={styles.actions}>
      <TextInput label={label} value={message} maxLength={2000} onChange={(e) => setMessage(e.target.value)} />
      <Button
        variant={primary ? 'primary' : 'outline'}
        disabled={pending || !message.trim()}
        onClick={() => onSend(message.trim())}
      >
        {sendLabel}
      </Button>
      {children}
    </div>
  );
}

function AmendmentDecision({
  rateRequestId,
  amendment,
  viaApi,
}: {
  rateRequestId: string;
  amendment: AmendmentView;
  viaApi: boolean;
}) {
  const { decide, pending } = useDecide(rateRequestId);
  const [price, setPrice] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const state = amendment.stateName;
  const mayApprove = can('booking_amendment', state, 'approve', 'staff', { keeps_price: !amendment.changesPrice });
  // A booking requested through the API is firm: its customer has no price to accept, so staff confirm a
  // change of quantity or equipment at its new price in one act instead of quoting it.
  const mayConfirmPriced =
    amendment.changesPrice &&
    can('booking_amendment', state, 'approve_priced', 'staff', { firm_request: viaApi, price_positive: true });
  const mayRequote =
    !mayConfirmPriced &&
    can('booking_amendment', state, 'requote', 'staff', {
      changes_price: amendment.changesPrice,
      price_positive: true,
      validity_in_future: true,
    });
  const mayDecline = can('booking_amendment', state, 'decline', 'staff', { has_message: true });
  return (
    <>
      <ChangeDiff fields={amendment.fields} caption={`Amendment ${amendment.number}: booked beside amended`} />
      {amendment.price !== null ? <p>New price quoted: {usd.format(amendment.price)} per container.</p> : null}
      {mayRequote ? (
        <div className={styles.actions}>
          <TextInput
            label="New price per container (USD)"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
          <DateField label="Quote valid until" value={validUntil} onChange={setValidUntil} />
          <Button
            disabled={pending || !price || !validUntil}
            onClick={() =>
              decide({ action: 'requote', price: Number(price), validUntil }, 'New price sent to the customer')
            }
          >
            Quote new price
          </Button>
        </div>
      ) : null}
      {mayConfirmPriced ? (
        <div className={styles.actions}>
          <TextInput
            label="New price per container (USD)"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
          <Button
            disabled={pending || !price}
            onClick={() => decide({ action: 'approve', price: Number(price) }, 'Amendment confirmed at the new price')}
          >
            Confirm at new price
          </Button>
        </div>
      ) : null}
      {mayDecline ? (
        <WithMessage
          pending={pending}
          sendLabel="Decline amendment"
          onSend={(message) => decide({ action: 'decline', message }, 'Amendment declined')}
        >
          {mayApprove ? (
            <Button disabled={pending} onClick={() => decide({ action: 'approve' }, 'Amendment approved')}>
              Approve amendment
            </Button>
          ) : null}
        </WithMessage>
      ) : null}
    </>
  );
}

/** Staff ask the customer to amend a confirmed booking, saying why (DCSA use case 6). */
function AskForAmendment({ rateRequestId }: { rateRequestId: string }) {
  const { decide, pending } = useDecide(rateRequestId);
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <div className={styles.actions}>
        <Button variant="outline" onClick={() => setAsking(true)}>
          Ask customer to amend
        </Button>
      </div>
    );
  }
  const send = async (message: string) => {
    if (await decide({ action: 'ask', message }, 'The customer is asked to amend the booking')) setAsking(false);
  };
  return (
    <WithMessage
      label="What the customer should change, and why"
      sendLabel="Ask customer to amend"
      primary
      pending={pending}
      onSend={(message) => void send(message)}
    >
      <Button variant="outline" disabled={pending} onClick={() => setAsking(false)}>
        Keep booking as it is
      </Button>
    </WithMessage>
  );
}

/** The latest amendment and cancellation request of one booking, with the decisions staff may take. */
export function ChangeReview({ rateRequestId }: { rateRequestId: string }) {
  const changes = useQuery(staffChangesOptions(rateRequestId));
  const booking = useQuery(staffBookingOptions(rateRequestId));
  const { decide, pending } = useDecide(rateRequestId);
  const amendment = changes.data?.amendment ?? null;
  const cancellation = changes.data?.cancellation ?? null;
  // Confirmed and under way: the states rate_request.json marks `amendable`.
  const confirmed = booking.data
    ? getState('rate_request', stateName('rate_request', booking.data.state, booking.data.price))?.amendable === true
    : false;
  // Staff may ask while no amendment is under way (a cancellation request may be: the standard allows it).
  const mayAsk =
    changes.isSuccess &&
    (amendment === null || isFinal('booking_amendment', amendment.stateName)) &&
    (cancellation === null || isFinal('booking_cancellation', cancellation.stateName)) &&
    can('booking_amendment', 'new', 'ask', 'staff', { booking_confirmed: confirmed, has_message: true });
  if (amendment === null && cancellation === null && !mayAsk) return null;
  return (
    <section className={styles.panel} aria-label="Changes asked for">
      <h2>Changes asked for</h2>
      {amendment ? (
        <>
          <p className={styles.status}>
            <strong>Amendment {amendment.number}</strong>
            <span className={styles.badge} data-final={isFinal('booking_amendment', amendment.stateName)}>
              {label('booking_amendment', amendment.stateName)}
            </span>
            {amendment.message ? <span>{amendment.message}</span> : null}
          </p>
          {amendment.askedFor ? <p>Asked of the customer: {amendment.askedFor}</p> : null}
          {amendment.stateName === 'asked' ? (
            <p>Waiting for the customer&apos;s amendment.</p>
          ) : (
            <AmendmentDecision
              rateRequestId={rateRequestId}
              amendment={amendment}
              viaApi={booking.data?.viaApi ?? false}
            />
          )}
        </>
      ) : null}
      {mayAsk ? <AskForAmendment rateRequestId={rateRequestId} /> : null}
      {cancellation ? (
        <>
          <p className={styles.status}>
            <strong>Cancellation request</strong>
            <span className={styles.badge} data-final={isFinal('booking_cancellation', cancellation.stateName)}>
              {label('booking_cancellation', cancellation.stateName)}
            </span>
            {cancellation.reason ? <span>Reason: {cancellation.reason}</span> : null}
          </p>
          {can('booking_cancellation', cancellation.stateName, 'confirm', 'staff') ? (
            <WithMessage
              pending={pending}
              sendLabel="Decline cancellation"
              onSend={(message) => decide({ action: 'decline-cancellation', message }, 'Cancellation declined')}
            >
              <ConfirmCancellation
                pending={pending}
                onConfirm={() => decide({ action: 'confirm-cancellation' }, 'Booking cancelled')}
              />
            </WithMessage>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** The console's queue of changes waiting for staff, oldest first. */
export function OpenChangesQueue({ onOpen }: { onOpen: (rateRequestId: string) => void }) {
  const open = useQuery(openChangesOptions());
  const items = open.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className={styles.panel} aria-label="Changes waiting for a decision">
      <h2>Changes waiting for a decision ({items.length})</h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.rateRequest.id}-${item.kind}-${item.change.number}`}>
            {item.kind === 'amendment' ? 'Amendment' : 'Cancellation'} of {item.rateRequest.cargoDetails} for{' '}
            <bdi>{item.rateRequest.customerName}</bdi>{' '}
            <Button variant="outline" onClick={() => onOpen(item.rateRequest.id)}>
              Review
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
