/**
 * Staff decide the changes customers ask for after confirmation: the amendment's fields side by side
 * (approve, quote a new price where quantity or equipment changes, or decline with a message), and
 * cancellation requests (confirm, or decline with a message). Offered actions follow the lifecycle files.
 * A new price is priced in the first quote's breakdown editor, starting from the booking's lines (decision
 * 0101), so staff see the lines and the total for the amended containers the customer will be asked to
 * accept.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Reference } from '@/components/reference/reference';
import { Button } from '@/components/ui/button';
import { DateField, isDate, notADay } from '@/components/ui/date-field';
import { TextInput } from '@/components/ui/text-input';
import { toast } from '@/components/ui/toast';
import { ApiError, errorText } from '@/lib/api-client';
import '@/lib/decided-first'; // a colleague's decision first is said with who and when
import { can, getState, isFinal, label, stateName } from '@/lib/lifecycle';
import {
  amendedPrice,
  amendedQuantity,
  ChangeDiff,
  changeStyles as styles,
  keepsLoadingPortOnceSailed,
  type AmendmentView,
} from '@/components/booking-changes';
import { ChargesBreakdown } from '@/components/charges';
import type { Schema } from '@/types/contract';
import { suggestionOptions } from '../api/tariffs';
import {
  amountsTyped,
  chargesBody,
  ChargesEditor,
  lineOf,
  linesOf,
  perContainer,
  type Kind,
  type Line,
} from './charges-editor';
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
import { formatMoment, formatMoney, localDigits, portDay } from '@/lib/format';
import { fieldLabel } from '@/lib/field-words';
import { message } from '@/lib/messages';
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
      // The server's words (a colleague who decided first named, with when: decision 3916), else the generic.
      const words = error instanceof ApiError ? errorText(error) : error instanceof Error ? error.message : null;
      toast.failure(error, words ?? tr('changes.notSaved'));
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

type Booked = Pick<Schema<'RateRequestDetail'>, 'charges' | 'quantity'>;
type Charges = Schema<'ChargeBody'>[];

/** The lines a new price starts from: those already quoted for the amendment, else the booking's own (the
 * server keeps them when given none, decision 0101) that the amended cargo may still carry (`kinds`, decision
 * 3865: a reefer changed to a dry box drops its reefer surcharge), else one ocean-freight line to type. */
function startingLines(amendment: AmendmentView, booked: Booked, kinds: readonly Kind[]): Line[] {
  if (amendment.charges.length) return linesOf(amendment.charges);
  const carried = booked.charges.filter((charge) => kinds.some((kind) => kind.code === charge.code));
  if (carried.length) return linesOf(carried);
  const freight = kinds.find((k) => k.code === 'ocean_freight');
  return freight ? [lineOf(freight, '')] : [];
}

/** Staff's new price for the amendment, line by line, with the total for the containers it asks for; sent as
 * typed (`charges`), so the server records these very lines. `validity`: a requote's, which the customer
 * accepts until then; a firm booking's priced confirmation has none. */
function NewPrice({
  amendment,
  booked,
  kinds,
  validity,
  sendLabel,
  pending,
  onSend,
}: {
  amendment: AmendmentView;
  booked: Booked;
  kinds: readonly Kind[];
  validity: boolean;
  sendLabel: string;
  pending: boolean;
  onSend: (price: number, charges: Charges, validUntil: string) => unknown;
}) {
  // Drawn again in the language chosen: the validity's label is the contract's, in the language shown.
  useTranslation('operations');
  const [lines, setLines] = useState<Line[]>(() => startingLines(amendment, booked, kinds));
  const [validUntil, setValidUntil] = useState('');
  // Sent with a validity that is no day: said under the field (a day its month lacks by its month's length),
  // worded when shown, in the language shown then.
  const [refused, setRefused] = useState(false);
  const price = perContainer(lines);
  const ready = lines.length > 0 && amountsTyped(lines) && price > 0 && (!validity || validUntil !== '');
  const send = () => {
    if (validity && !isDate(validUntil)) return setRefused(true);
    onSend(price, chargesBody(lines), validUntil);
  };
  return (
    <>
      <ChargesEditor
        lines={lines}
        onLines={setLines}
        kinds={kinds}
        quantity={amendedQuantity(amendment, booked.quantity)}
      />
      <div className={styles.actions}>
        {validity ? (
          <DateField
            label={fieldLabel('validUntil')}
            value={validUntil}
            onChange={(value) => {
              setValidUntil(value);
              setRefused(false);
            }}
            error={refused ? notADay(validUntil, () => message('booking.validUntil.format')) : undefined}
          />
        ) : null}
        <Button disabled={pending || !ready} onClick={send}>
          {sendLabel}
        </Button>
      </div>
    </>
  );
}

function AmendmentDecision({
  rateRequestId,
  amendment,
  booked,
  viaApi,
  cargoSailedAt,
}: {
  rateRequestId: string;
  amendment: AmendmentView;
  booked: Booked | undefined;
  viaApi: boolean;
  cargoSailedAt: string | null;
}) {
  const { t, i18n } = useTranslation('operations');
  const { decide, pending } = useDecide(rateRequestId);
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
  // The kinds of charge a line may be added of (the first quote's editor reads them from the same answer).
  const pricing = mayRequote || mayConfirmPriced;
  const suggestion = useQuery({ ...suggestionOptions(rateRequestId), enabled: pricing });
  const kinds = suggestion.data?.chargeKinds ?? [];
  // The editor starts from the booking's lines once they are read (and the kinds, for a booking without any).
  const editorReady = booked !== undefined && !suggestion.isPending;
  const quoted = amendment.price !== null ? amendedPrice(amendment, booked?.quantity ?? 0) : null;
  return (
    <>
      <ChangeDiff
        fields={amendment.fields}
        caption={t('changes.diffCaption', { number: localDigits(String(amendment.number)) })}
      />
      {quoted && quoted.charges.length && booked ? (
        // Named as the customer's page names it: the breakdown she is asked to accept.
        <ChargesBreakdown priced={quoted} forStaff title={i18n.t('changes.newPriceBreakdown', { ns: 'booking' })} />
      ) : amendment.price !== null ? (
        <p>{t('changes.newPrice', { price: formatMoney(amendment.price) })}</p>
      ) : null}
      {amendment.price !== null && amendment.validUntil && state === 'requoted' ? (
        <p>{t('changes.priceValidUntil', { when: formatMoment(amendment.validUntil) })}</p>
      ) : null}
      {mayRequote && editorReady ? (
        <NewPrice
          amendment={amendment}
          booked={booked}
          kinds={kinds}
          validity
          sendLabel={t('changes.requote')}
          pending={pending}
          onSend={(price, charges, validUntil) =>
            decide({ action: 'requote', price, charges, validUntil }, t('changes.requoted'))
          }
        />
      ) : null}
      {mayConfirmPriced && editorReady ? (
        <NewPrice
          amendment={amendment}
          booked={booked}
          kinds={kinds}
          validity={false}
          sendLabel={t('changes.confirmPriced')}
          pending={pending}
          onSend={(price, charges) =>
            decide(
              { action: 'approve', price, charges, seenUpdatedAt: amendment.updatedAt },
              t('changes.confirmedPriced'),
            )
          }
        />
      ) : null}
      {mayDecline ? (
        <WithMessage
          pending={pending}
          sendLabel={t('changes.declineAmendment')}
          onSend={(message) =>
            decide({ action: 'decline', message, seenUpdatedAt: amendment.updatedAt }, t('changes.amendmentDeclined'))
          }
        >
          {mayApprove ? (
            <Button
              disabled={pending}
              onClick={() =>
                decide({ action: 'approve', seenUpdatedAt: amendment.updatedAt }, t('changes.amendmentApproved'))
              }
            >
              {t('changes.approve')}
            </Button>
          ) : null}
        </WithMessage>
      ) : null}
    </>
  );
}

/** Staff ask the customer to amend a confirmed booking, saying why (DCSA use case 6). `updatedAt`: the
 * booking's as the screen shows it. */
function AskForAmendment({ rateRequestId, updatedAt }: { rateRequestId: string; updatedAt: string | undefined }) {
  const { t } = useTranslation('operations');
  const { decide, pending } = useDecide(rateRequestId);
  // The booking as the ask opened (null: closed): the ask names it, so staff never ask for a change the
  // customer has made meanwhile (decision 3910).
  const [asking, setAsking] = useState<{ seenUpdatedAt?: string } | null>(null);
  if (!asking) {
    return (
      <div className={styles.actions}>
        <Button variant="outline" onClick={() => setAsking({ seenUpdatedAt: updatedAt })}>
          {t('changes.ask')}
        </Button>
      </div>
    );
  }
  const send = async (message: string) => {
    if (await decide({ action: 'ask', message, ...asking }, t('changes.asked'))) setAsking(null);
  };
  return (
    <WithMessage
      label={t('changes.askLabel')}
      sendLabel={t('changes.ask')}
      primary
      pending={pending}
      onSend={(message) => void send(message)}
    >
      <Button variant="outline" disabled={pending} onClick={() => setAsking(null)}>
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
              booked={booking.data}
              viaApi={booking.data?.viaApi ?? false}
              cargoSailedAt={sailedAt}
            />
          )}
        </>
      ) : null}
      {mayAsk ? <AskForAmendment rateRequestId={rateRequestId} updatedAt={booking.data?.updatedAt} /> : null}
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
                decide(
                  { action: 'decline-cancellation', message, seenUpdatedAt: cancellation.updatedAt },
                  t('changes.cancellationDeclined'),
                )
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
