/**
 * Staff decide the changes customers ask for after confirmation: the amendment's fields side by side
 * (approve, quote a new price where quantity or equipment changes, or decline with a message), and
 * cancellation requests (confirm, or decline with a message). Offered actions follow the lifecycle files.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Reference } from '@/components/reference/reference';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { TextInput } from '@/components/ui/text-input';
import { toast } from '@/components/ui/toast';
import { can, getState, isFinal, label, stateName } from '@/lib/lifecycle';
import {
  ChangeDiff,
  changeStyles as styles,
  keepsLoadingPortOnceSailed,
  type AmendmentView,
} from '@/components/booking-changes';
import {
  openChangesOptions,
  staffBookingOptions,
  staffChangesOptions,
  useStaffDecision,
  type StaffDecision,
} from '../api/changes';
import { ConfirmCancellation } from './confirm-cancellation';
import { useTranslation } from 'react-i18next';
import { i18next } from '@/i18n';
import { formatMoney, localDigits, portDay } from '@/lib/format';
import { personWords } from '@/lib/people';
import { cargoWords } from '@/lib/reference-names';
import { maxLength } from '@/types/limits';

// Words read outside a component, in the language shown when they are read.
const tr = i18next.getFixedT(null, 'operations');

function useDecide(rateRequestId: string) {
  const decision = useStaffDecision(rateRequestId);
  const decide = async (choice: StaffDecision, done: string) => {
    try {
      await decision.mutateAsync(choice);
      toast.success(done);
      return true;
    } catch (error) {
      toast.error(error instanceof Error ? error.message : tr('changes.notSaved'));
      return false;
    }
  };
  return { decide, pending: decision.isPending };
}

/** A message to the customer with the decision it goes with (a decline, or asking for an amendment, needs one),
 * beside the other choices (`children`). */
function WithMessage({
  label = tr('changes.message'),
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
      <TextInput
        label={label}
        dir="auto"
        value={message}
        maxLength={maxLength.MessageBody.message}
        onChange={(e) => setMessage(e.target.value)}
      />
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
  cargoSailedAt,
}: {
  rateRequestId: string;
  amendment: AmendmentView;
  viaApi: boolean;
  cargoSailedAt: string | null;
}) {
  const { t } = useTranslation('operations');
  const { decide, pending } = useDecide(rateRequestId);
  const [price, setPrice] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const state = amendment.stateName;
  const portKept = keepsLoadingPortOnceSailed(amendment, cargoSailedAt);
  const mayApprove = can('booking_amendment', state, 'approve', 'staff', {
    keeps_price: !amendment.changesPrice,
    loading_port_kept_once_sailed: portKept,
  });
  // A booking requested through the API is firm: its customer has no price to accept, so staff confirm a
  // change of quantity or equipment at its new price in one act instead of quoting it.
  const mayConfirmPriced =
    amendment.changesPrice &&
    can('booking_amendment', state, 'approve_priced', 'staff', {
      firm_request: viaApi,
      price_positive: true,
      loading_port_kept_once_sailed: portKept,
    });
  const mayRequote =
    !mayConfirmPriced &&
    can('booking_amendment', state, 'requote', 'staff', {
      changes_price: amendment.changesPrice,
      price_positive: true,
      validity_in_future: true,
    });
  const mayDecline = can('booking_amendment', state, 'decline', 'staff', { has_message: true });
  // The new price, whether staff requote it or confirm a firm booking's change at it.
  const priceInput = (
    <TextInput
      label={t('changes.newPriceLabel')}
      inputMode="decimal"
      value={price}
      onChange={(e) => setPrice(e.target.value)}
    />
  );
  return (
    <>
      <ChangeDiff
        fields={amendment.fields}
        caption={t('changes.diffCaption', { number: localDigits(String(amendment.number)) })}
      />
      {amendment.price !== null ? <p>{t('changes.newPrice', { price: formatMoney(amendment.price) })}</p> : null}
      {mayRequote ? (
        <div className={styles.actions}>
          {priceInput}
          <DateField label={t('changes.validUntil')} value={validUntil} onChange={setValidUntil} />
          <Button
            disabled={pending || !price || !validUntil}
            onClick={() => decide({ action: 'requote', price: Number(price), validUntil }, t('changes.requoted'))}
          >
            {t('changes.requote')}
          </Button>
        </div>
      ) : null}
      {mayConfirmPriced ? (
        <div className={styles.actions}>
          {priceInput}
          <Button
            disabled={pending || !price}
            onClick={() => decide({ action: 'approve', price: Number(price) }, t('changes.confirmedPriced'))}
          >
            {t('changes.confirmPriced')}
          </Button>
        </div>
      ) : null}
      {mayDecline ? (
        <WithMessage
          pending={pending}
          sendLabel={t('changes.declineAmendment')}
          onSend={(message) => decide({ action: 'decline', message }, t('changes.amendmentDeclined'))}
        >
          {mayApprove ? (
            <Button disabled={pending} onClick={() => decide({ action: 'approve' }, t('changes.amendmentApproved'))}>
              {t('changes.approve')}
            </Button>
          ) : null}
        </WithMessage>
      ) : null}
    </>
  );
}

/** Staff ask the customer to amend a confirmed booking, saying why (DCSA use case 6). */
function AskForAmendment({ rateRequestId }: { rateRequestId: string }) {
  const { t } = useTranslation('operations');
  const { decide, pending } = useDecide(rateRequestId);
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <div className={styles.actions}>
        <Button variant="outline" onClick={() => setAsking(true)}>
          {t('changes.ask')}
        </Button>
      </div>
    );
  }
  const send = async (message: string) => {
    if (await decide({ action: 'ask', message }, t('changes.asked'))) setAsking(false);
  };
  return (
    <WithMessage
      label={t('changes.askLabel')}
      sendLabel={t('changes.ask')}
      primary
      pending={pending}
      onSend={(message) => void send(message)}
    >
      <Button variant="outline" disabled={pending} onClick={() => setAsking(false)}>
        {t('changes.keep')}
      </Button>
    </WithMessage>
  );
}

/** The latest amendment and cancellation request of one booking, with the decisions staff may take. */
export function ChangeReview({ rateRequestId }: { rateRequestId: string }) {
  const { t } = useTranslation('operations');
  const changes = useQuery(staffChangesOptions(rateRequestId));
  const booking = useQuery(staffBookingOptions(rateRequestId));
  const { decide, pending } = useDecide(rateRequestId);
  const amendment = changes.data?.amendment ?? null;
  const cancellation = changes.data?.cancellation ?? null;
  // The booking's tracking saw the vessel leave with its cargo: a cancellation can only be declined.
  const sailedAt = changes.data?.cargoSailedAt ?? null;
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
    <section className={styles.panel} aria-label={t('changes.title')}>
      <h2>{t('changes.title')}</h2>
      {amendment ? (
        <>
          <p className={styles.status}>
            <strong>{t('changes.amendment', { number: localDigits(String(amendment.number)) })}</strong>
            <span className={styles.badge} data-final={isFinal('booking_amendment', amendment.stateName)}>
              {label('booking_amendment', amendment.stateName)}
            </span>
            {amendment.message ? <bdi>{amendment.message}</bdi> : null}
          </p>
          {amendment.askedFor ? (
            <p>
              {t('changes.askedFor')} <bdi>{amendment.askedFor}</bdi>
            </p>
          ) : null}
          {amendment.stateName === 'asked' ? (
            <p>{t('changes.waiting')}</p>
          ) : (
            <AmendmentDecision
              rateRequestId={rateRequestId}
              amendment={amendment}
              viaApi={booking.data?.viaApi ?? false}
              cargoSailedAt={sailedAt}
            />
          )}
        </>
      ) : null}
      {mayAsk ? <AskForAmendment rateRequestId={rateRequestId} /> : null}
      {cancellation ? (
        <>
          <p className={styles.status}>
            <strong>{t('changes.cancellation')}</strong>
            <span className={styles.badge} data-final={isFinal('booking_cancellation', cancellation.stateName)}>
              {label('booking_cancellation', cancellation.stateName)}
            </span>
            {cancellation.reason ? (
              <span>
                {t('changes.reason')} <bdi>{cancellation.reason}</bdi>
              </span>
            ) : null}
          </p>
          {sailedAt !== null && cancellation.stateName === 'requested' ? (
            <p role="alert">{t('changes.cargoSailed', { day: portDay(sailedAt) })}</p>
          ) : null}
          {can('booking_cancellation', cancellation.stateName, 'decline', 'staff', { has_message: true }) ? (
            <WithMessage
              pending={pending}
              sendLabel={t('changes.declineCancellation')}
              onSend={(message) =>
                decide({ action: 'decline-cancellation', message }, t('changes.cancellationDeclined'))
              }
            >
              {can('booking_cancellation', cancellation.stateName, 'confirm', 'staff', {
                cargo_not_sailed: sailedAt === null,
              }) ? (
                <ConfirmCancellation
                  pending={pending}
                  onConfirm={() => decide({ action: 'confirm-cancellation' }, t('changes.cancelled'))}
                />
              ) : null}
            </WithMessage>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** The console's queue of changes waiting for staff, oldest first. */
export function OpenChangesQueue({ onOpen }: { onOpen: (rateRequestId: string) => void }) {
  const { t } = useTranslation('operations');
  const open = useQuery(openChangesOptions());
  const items = open.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className={styles.panel} aria-label={t('changes.queue')}>
      <h2>{localDigits(t('changes.queueCount', { count: items.length }))}</h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.rateRequest.id}-${item.kind}-${item.change.number}`}>
            {item.kind === 'amendment' ? t('changes.amendmentOf') : t('changes.cancellationOf')}{' '}
            {item.rateRequest.reference ? (
              <>
                <Reference value={item.rateRequest.reference} />{' '}
              </>
            ) : null}
            (<bdi>{cargoWords(item.rateRequest)}</bdi>) {t('actionDialog.for')}{' '}
            <bdi>{personWords(item.rateRequest.customerName)}</bdi>{' '}
            <Button variant="outline" onClick={() => onOpen(item.rateRequest.id)}>
              {t('changes.review')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
