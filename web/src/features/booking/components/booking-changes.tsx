/**
 * The customer's side of changes to a confirmed booking: ask for an amendment or a cancellation, follow its
 * status, accept a new price or withdraw. What may be done comes from the lifecycle files, as everywhere.
 */
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import { ChargesBreakdown, formatBookingTotal, type Priced } from '@/components/charges';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { KeptDraftNotice } from '@/components/kept-draft-notice/kept-draft-notice';
import { useKeptDraft } from '@/lib/kept-draft';
import { useOneAtATime } from '@/lib/one-at-a-time';
import { useTeamRights } from '@/lib/team-rights';
import { can, getState, isFinal, label } from '@/lib/lifecycle';
import type { RateRequestDetail } from '../api/booking-api';
import {
  amendedPrice,
  ChangeDiff,
  changePending,
  keepsLoadingPortOnceSailed,
  changeStyles as styles,
  type AmendmentView,
  type CancellationView,
} from '@/components/booking-changes';
import { bookingChangesOptions, useCustomerChange, useRequestCancellation, type CustomerAct } from '../api/changes-api';
import { RateRequestForm } from './rate-request-form';
import { formatMoment, formatMoney, localDigits, portDay } from '@/lib/format';
import { Reference } from '@/components/reference/reference';
import { maxLength } from '@/types/limits';

const usd = { format: (n: number) => formatMoney(n) };

const when = (iso: string) => formatMoment(iso);

const NO_TEXTS: Readonly<Record<string, string>> = {};

function StatusLine({
  machine,
  change,
}: {
  machine: 'booking_amendment' | 'booking_cancellation';
  change: AmendmentView | CancellationView;
}) {
  const { t } = useTranslation('booking');
  return (
    <p className={styles.status}>
      <span className={styles.badge} data-final={isFinal(machine, change.stateName)}>
        {label(machine, change.stateName)}
      </span>
      {/* The company's request, whichever member of its team made it: not "by you" to a colleague. */}
      <span>{t('changes.requested', { when: when(change.requestedAt) })}</span>
      {change.message ? (
        <span>
          {t('changes.staffMessage')} <bdi>{change.message}</bdi>
        </span>
      ) : null}
    </p>
  );
}

export function BookingChangesPanel({ detail }: { detail: RateRequestDetail }) {
  const { t } = useTranslation('booking');
  const changes = useQuery(bookingChangesOptions(detail.id));
  const act = useCustomerChange(detail.id);
  const cancel = useRequestCancellation(detail.id);
  const once = useOneAtATime();
  // Asking for and answering changes is a booker's or an owner's (their team's `book` right).
  const books = useTeamRights().book;
  // The amendment's words (commodity, comment) and its dialog come back the same way (decision 3881).
  const amendmentDraft = useKeptDraft('amendment-request', NO_TEXTS);
  const { open: amending, setOpen: setAmending } = amendmentDraft;
  const [accepting, setAccepting] = useState(false);
  // The reason, and the dialog it is written in, come back if the session ends as she sends it (decision 3881).
  const cancellationDraft = useKeptDraft('cancellation-request', '');
  const { value: reason, setValue: setReason, open: cancelling, setOpen: setCancelling } = cancellationDraft;
  const amendment = changes.data?.amendment ?? null;
  const cancellation = changes.data?.cancellation ?? null;
  // Confirmed and under way: the states rate_request.json marks `amendable`.
  const confirmed = getState('rate_request', detail.stateName)?.amendable === true;
  // Staff asked for an amendment (DCSA use case 6): the customer's amendment answers it.
  const asked = amendment !== null && amendment.stateName === 'asked';
  const open = changePending(changes.data);
  // The booking's tracking saw the vessel leave with its cargo: it is no longer cancelled (decision 3858).
  const sailedAt = changes.data?.cargoSailedAt ?? null;
  if (!confirmed && amendment === null && cancellation === null) return null;

  const run = async (change: CustomerAct, done: string) => {
    try {
      await act.mutateAsync(change);
      toast.success(done);
    } catch (error) {
      // The server's words for the refusal, without its field's wire key.
      toast.failure(error);
    }
  };
  const requestCancellation = async () => {
    try {
      await cancel.mutateAsync(reason.trim());
      setCancelling(false);
      toast.success(t('changes.cancellationRequested'));
    } catch (error) {
      toast.failure(error);
    }
  };
  const mayAmend =
    books &&
    !open &&
    can('booking_amendment', asked ? 'asked' : 'new', 'request', 'customer', {
      booking_confirmed: confirmed,
      changes_something: true,
      // What she changes is hers to choose: moving the port of loading once the cargo sailed is refused then.
      loading_port_kept_once_sailed: true,
    });
  const mayCancel =
    books &&
    !open &&
    can('booking_cancellation', 'new', 'request', 'customer', {
      booking_confirmed: confirmed,
      cargo_not_sailed: sailedAt === null,
    });
  // The whole new price in the first acceptance's words, as the new price's breakdown totals it.
  const totalFor = (priced: Priced) => {
    const quantity = localDigits(String(priced.quantity));
    return t('pricePanel.totalFor', { total: formatBookingTotal(priced), quantity });
  };
  const stillValid = amendment?.validUntil ? new Date(amendment.validUntil) > new Date() : false;
  const newPrice = amendment?.price ?? null;
  // Accept new price is offered (and its dialog stays open) only while the lifecycle lets her accept.
  const mayAcceptPrice =
    books &&
    amendment !== null &&
    can('booking_amendment', amendment.stateName, 'accept_price', 'customer', {
      before_validity: stillValid,
      loading_port_kept_once_sailed: keepsLoadingPortOnceSailed(amendment, sailedAt),
    });

  return (
    <section className={styles.panel} aria-labelledby="booking-changes-title">
      <h2 id="booking-changes-title">{t('changes.title')}</h2>
      {amendment ? (
        <>
          <h3>{t('changes.amendment', { number: localDigits(String(amendment.number)) })}</h3>
          <StatusLine machine="booking_amendment" change={amendment} />
          {amendment.stateName === 'requoted' && amendment.price !== null ? (
            <p role="status">
              {t('changes.newPrice')} <strong>{usd.format(amendment.price)}</strong> {t('changes.perContainer')}
              {amendment.validUntil ? t('changes.validUntil', { when: when(amendment.validUntil) }) : ''}
              {t('changes.stop')}
            </p>
          ) : null}
          {amendment.stateName === 'requoted' && amendment.price !== null ? (
            <ChargesBreakdown
              priced={amendedPrice(amendment, detail.quantity)}
              title={t('changes.newPriceBreakdown')}
            />
          ) : null}
          {amendment.stateName === 'requested' && amendment.changesPrice ? <p>{t('changes.needsPrice')}</p> : null}
          {amendment.askedFor ? (
            <p role={asked ? 'alert' : undefined}>
              {t('changes.askedFor')} <bdi>{amendment.askedFor}</bdi>
            </p>
          ) : null}
          {asked ? null : (
            <ChangeDiff
              fields={amendment.fields}
              caption={t('changes.diffCaption', { number: localDigits(String(amendment.number)) })}
            />
          )}
          <div className={styles.actions}>
            {books && can('booking_amendment', amendment.stateName, 'withdraw', 'customer') ? (
              <Button
                variant="outline"
                disabled={act.isPending}
                onClick={() => once(() => run({ action: 'withdraw-amendment' }, t('changes.amendmentWithdrawn')))}
              >
                {t('changes.withdrawAmendment')}
              </Button>
            ) : null}
            {mayAcceptPrice ? (
              <Button disabled={act.isPending} onClick={() => setAccepting(true)}>
                {t('changes.acceptNewPrice')}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
      {cancellation ? (
        <>
          <h3>{t('changes.cancellationTitle')}</h3>
          <StatusLine machine="booking_cancellation" change={cancellation} />
          {cancellation.reason ? (
            <p>
              {t('changes.yourReason')} <bdi>{cancellation.reason}</bdi>
            </p>
          ) : null}
          {books && can('booking_cancellation', cancellation.stateName, 'withdraw', 'customer') ? (
            <div className={styles.actions}>
              <Button
                variant="outline"
                disabled={act.isPending}
                onClick={() => once(() => run({ action: 'withdraw-cancellation' }, t('changes.cancellationWithdrawn')))}
              >
                {t('changes.withdrawCancellation')}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
      {sailedAt !== null && (confirmed || cancellation?.stateName === 'requested') ? (
        <p role="note">{t('changes.cargoSailed', { day: portDay(sailedAt) })}</p>
      ) : null}
      {mayAmend || mayCancel ? (
        <div className={styles.actions}>
          {mayCancel ? (
            <Button variant="outline" onClick={() => setCancelling(true)}>
              {t('changes.requestCancellation')}
            </Button>
          ) : null}
          {mayAmend ? (
            <Button onClick={() => setAmending(true)}>
              {asked ? t('changes.sendAmendment') : t('changes.requestAmendment')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {amendment && newPrice !== null ? (
        <ConfirmDialog
          open={accepting && mayAcceptPrice}
          title={t('changes.acceptTitle')}
          act={t('changes.acceptNewPrice')}
          onAct={() =>
            run({ action: 'accept-price', price: newPrice }, t('changes.priceAccepted')).then(() => setAccepting(false))
          }
          keep={t('pricePanel.notYet')}
          onKeep={() => setAccepting(false)}
          pending={act.isPending}
        >
          <p>
            <Trans
              t={t}
              i18nKey="changes.acceptText"
              values={{
                booking: detail.reference ?? '',
                price: usd.format(newPrice),
                totalFor: totalFor(amendedPrice(amendment, detail.quantity)),
              }}
              components={{ b: <Reference /> }}
            />
            {amendment.validUntil ? t('changes.acceptValid', { when: when(amendment.validUntil) }) : ''}
            {t('changes.stop')}
          </p>
        </ConfirmDialog>
      ) : null}
      <Dialog open={amending} onClose={() => setAmending(false)} title={t('changes.amendTitle')}>
        <KeptDraftNotice kept={amendmentDraft.kept} />
        {amendmentDraft.kept ? <p>{t('changes.amendKeptWords')}</p> : null}
        <p>{t('changes.amendText')}</p>
        <RateRequestForm
          detail={detail}
          amend
          keptTexts={amendmentDraft.kept ? amendmentDraft.value : undefined}
          onTexts={amendmentDraft.setValue}
          onSaved={() => setAmending(false)}
          onCancel={() => setAmending(false)}
        />
      </Dialog>
      <ConfirmDialog
        open={cancelling}
        title={t('changes.requestCancellation')}
        act={t('changes.sendRequest')}
        onAct={requestCancellation}
        keep={t('changes.keepBooking')}
        onKeep={() => setCancelling(false)}
        pending={cancel.isPending}
      >
        <KeptDraftNotice kept={cancellationDraft.kept} />
        <p>{t('changes.cancelText')}</p>
        <label className={styles.label} htmlFor="cancellation-reason">
          {t('awaitingQuote.reason')}
        </label>
        <textarea
          id="cancellation-reason"
          dir="auto"
          className={styles.textarea}
          maxLength={maxLength.CancellationBody.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </ConfirmDialog>
    </section>
  );
}
