import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { KeptDraftNotice } from '@/components/kept-draft-notice/kept-draft-notice';
import { useKeptDraft } from '@/lib/kept-draft';
import { useOneAtATime } from '@/lib/one-at-a-time';
import { can, isNamed, isState, stateName } from '@/lib/lifecycle';
import { TextInput } from '@/components/ui/text-input';
import {
  documentTypesOptions,
  useApproveShippingOrder,
  usePriceDecision,
  useSubmitBookingRequest,
  useWithdrawRequest,
} from '../api/booking-api';
import type { DocumentType, RateRequestDetail } from '../api/booking-api';
import { FileLink } from '@/components/file-link';
import { formatMoment, formatMoney, localDigits } from '@/lib/format';
import { fieldLabel } from '@/lib/field-words';
import { formatBookingTotal } from '@/components/charges';
import { FileUpload } from './file-upload';
import { TemplateCard, useDocumentTypeName } from './template-card';
import { SummaryHeader } from './summary-header';
import styles from './booking.module.css';
import { Reference } from '@/components/reference/reference';
import { maxLength } from '@/types/limits';
import { Separator, useSeparator } from '@/components/ui/separator/separator';
import { useTeamRights } from '@/lib/team-rights';
import { RoleNote } from './role-note';
import type { TypedLine } from './sent-meanwhile';

/** Step 0 with a price: the price, Accept price and Decline quote, each asked once more in words that name the
 * act; every way out of the question (Keep quote, Escape, the close icon) leaves the quote as it is. */
export function PricePanel({ detail }: { detail: RateRequestDetail }) {
  const { t } = useTranslation('booking');
  const separator = useSeparator();
  const navigate = useNavigate();
  const decide = usePriceDecision(detail.id);
  const may = useTeamRights();
  const [confirm, setConfirm] = useState<'approve' | 'cancel' | null>(null);
  const run = async (decision: 'approve' | 'cancel') => {
    try {
      await decide.mutateAsync(decision);
      setConfirm(null);
      // Accepted: the booking's next step (the signed booking letter) is on this same page; the wizard moves
      // there with the answer. Declined: the booking is over, back to the list.
      if (decision === 'cancel') navigate('/dashboard/bookings');
      else toast.success(t('pricePanel.accepted'));
    } catch (error) {
      toast.failure(error);
    }
  };
  const price = formatMoney(detail.price);
  const booking = detail.reference ?? t('pricePanel.thisBooking');
  const quantity = localDigits(String(detail.quantity));
  const total = formatBookingTotal(detail);
  return (
    <>
      <SummaryHeader detail={detail} />
      <div className={styles.pricePanel}>
        <p>
          {fieldLabel('price')}: <strong>{price}</strong>
          <span className={styles.muted}>
            <Separator />
            {t('pricePanel.totalFor', { total, quantity })}
            {detail.validUntil
              ? `${separator}${t('pricePanel.validUntil', { date: formatMoment(detail.validUntil) })}`
              : null}
          </span>
        </p>
        {/* A booking requested through the API is firm: the carrier confirms it at this price. */}
        {detail.viaApi ? <p className={styles.muted}>{t('pricePanel.viaApi')}</p> : null}
        {may.book ? (
          <div className={styles.row}>
            <Button variant="outline" onClick={() => setConfirm('cancel')}>
              {t('pricePanel.decline')}
            </Button>
            {detail.viaApi ? null : <Button onClick={() => setConfirm('approve')}>{t('pricePanel.accept')}</Button>}
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirm === 'approve'}
        title={t('pricePanel.acceptTitle')}
        act={t('pricePanel.accept')}
        onAct={() => run('approve')}
        keep={t('pricePanel.notYet')}
        onKeep={() => setConfirm(null)}
        pending={decide.isPending}
      >
        <p>
          <Trans
            t={t}
            i18nKey="pricePanel.acceptText"
            values={{ price, total, quantity, booking }}
            components={{ b: <Reference /> }}
          />
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'cancel'}
        title={t('pricePanel.declineTitle')}
        act={t('pricePanel.decline')}
        onAct={() => run('cancel')}
        keep={t('pricePanel.keep')}
        onKeep={() => setConfirm(null)}
        destructive
        pending={decide.isPending}
      >
        <p>
          <Trans t={t} i18nKey="pricePanel.declineText" values={{ price, booking }} components={{ b: <Reference /> }} />
        </p>
      </ConfirmDialog>
    </>
  );
}

/** The name a document already sent was uploaded under (the customer's own, in any script), if `fileId` is it. */
function sentName(detail: RateRequestDetail, fileId: string): string | null {
  return detail.bookingRequest?.documents.find((d) => d.fileId === fileId)?.fileName ?? null;
}

type SentDocuments = NonNullable<RateRequestDetail['bookingRequest']>['documents'];

/** The documents sent, as one string that changes only with what was sent. */
const documentsKey = (documents: SentDocuments): string =>
  documents.map((d) => `${d.documentTypeId}:${d.fileId}`).join(' ');

/** A choice of documents that begins from those sent. */
function choiceFrom(documents: SentDocuments) {
  return {
    from: documentsKey(documents),
    base: documents,
    files: Object.fromEntries(documents.map((d) => [d.documentTypeId, d.fileId])) as Record<number, string>,
    names: {} as Record<string, string>,
  };
}

function sameDocuments(
  files: Record<number, string>,
  documents: { documentTypeId: number; fileId: string }[],
): boolean {
  const chosen = Object.entries(files);
  return chosen.length === documents.length && documents.every((d) => files[d.documentTypeId] === d.fileId);
}

/** Step 0 before a price: the request as sent, and what the customer may still do with it (the lifecycle's
 * `edit` and `withdraw` from `requested`): change it, or call it off after one more question. */
export function AwaitingQuotePanel({
  detail,
  onEdit,
  onBack,
}: {
  detail: RateRequestDetail;
  onEdit: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const withdraw = useWithdrawRequest(detail.id);
  const may = useTeamRights();
  // The reason and its question come back if the session ends as she sends it (decision 3881).
  const withdrawDraft = useKeptDraft('withdraw-request', '');
  const { value: reason, setValue: setReason, open: asking, setOpen: setAsking } = withdrawDraft;
  const name = stateName('rate_request', detail.state, detail.price);
  const booking = detail.reference ?? t('awaitingQuote.thisRequest');
  const run = async () => {
    try {
      await withdraw.mutateAsync(reason);
      setAsking(false);
      toast.success(t('awaitingQuote.withdrawn', { booking }));
      navigate('/dashboard/bookings');
    } catch (error) {
      toast.failure(error);
    }
  };
  return (
    <>
      <SummaryHeader detail={detail} />
      {/* What she may still do is said to a member who may do it. */}
      <p role="status">{t(may.book ? 'awaitingQuote.status' : 'awaitingQuote.statusToRead')}</p>
      <div className={styles.actions}>
        <Button variant="outline" onClick={onBack}>
          {t('actions.back')}
        </Button>
        {may.book && can('rate_request', name, 'withdraw', 'customer') ? (
          <Button variant="outline" onClick={() => setAsking(true)}>
            {t('awaitingQuote.withdraw')}
          </Button>
        ) : null}
        {may.book && can('rate_request', name, 'edit', 'customer') ? (
          <Button onClick={onEdit}>{t('awaitingQuote.edit')}</Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking}
        title={t('awaitingQuote.withdrawTitle')}
        act={t('awaitingQuote.withdraw')}
        onAct={() => run()}
        keep={t('awaitingQuote.keep')}
        onKeep={() => setAsking(false)}
        destructive
        pending={withdraw.isPending}
      >
        <KeptDraftNotice kept={withdrawDraft.kept} />
        <p>
          <Trans t={t} i18nKey="awaitingQuote.withdrawText" values={{ booking }} components={{ b: <Reference /> }} />
        </p>
        <TextInput
          label={t('awaitingQuote.reason')}
          dir="auto"
          value={reason}
          maxLength={maxLength.WithdrawBody.reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </ConfirmDialog>
    </>
  );
}

interface SentDocumentProps {
  detail: RateRequestDetail;
  type: DocumentType;
  label: string;
}

/** What was sent of one document type, read only: its file (opened on a click), or that none was sent. */
function SentDocument(props: SentDocumentProps) {
  const { t } = useTranslation('booking');
  const { detail, type, label } = props;
  const sent = detail.bookingRequest?.documents.find((d) => d.documentTypeId === type.id);
  return (
    <p className={styles.fileState}>
      <span className={styles.label}>{label}</span>{' '}
      {sent ? (
        <>
          {t('bookingRequest.sentFile')}{' '}
          <FileLink fileId={sent.fileId}>
            <bdi>{sent.fileName ?? t('bookingRequest.uploaded')}</bdi>
          </FileLink>
        </>
      ) : (
        t('bookingRequest.notSent')
      )}
    </p>
  );
}

/** Step 1: the booking request with Booking Letter, Export LOI and Flexi LOI cards. */
export function BookingRequestStep({
  detail,
  editable,
  onBack,
  onContinue,
  canContinue,
  onTyped,
}: {
  detail: RateRequestDetail;
  editable: boolean;
  onBack: () => void;
  onContinue: () => void;
  canContinue: boolean;
  /** What she chose and has not sent, each signed document by its file's name, for the route to keep if a
   * colleague sends the documents meanwhile (decision 3886); null: nothing. */
  onTyped?: (lines: TypedLine[] | null) => void;
}) {
  const { t } = useTranslation('booking');
  const documentTypeName = useDocumentTypeName();
  const signedLabel = (type: DocumentType) => t('bookingRequest.signed', { name: documentTypeName(type) });
  const types = useQuery(documentTypesOptions());
  const submit = useSubmitBookingRequest(detail.id);
  const once = useOneAtATime();
  const sentDocuments = detail.bookingRequest?.documents ?? [];
  const sentKey = documentsKey(sentDocuments);
  // What she chose, from the documents sent when she began (`from` names them): the files by document type, and
  // the names those she chose went up under.
  const [choice, setChoice] = useState(() => choiceFrom(sentDocuments));
  // A newer send, hers or a colleague's, leaves her choice behind: the step shows what was sent (decision 3886).
  const files = choice.from === sentKey ? choice.files : choiceFrom(sentDocuments).files;
  const submitted = Boolean(detail.bookingRequest);
  // Once sent, the step shows what was sent; the customer may still replace it until staff confirm (0046).
  const [replacingFrom, setReplacingFrom] = useState<string | null>(null);
  const replacing = replacingFrom === sentKey;
  const choosing = editable && (!submitted || replacing);
  // The same documents again would be the same request: offer Submit only when something changed.
  const unchanged = submitted && sameDocuments(files, sentDocuments);
  // What she chose that was not sent, by the signed document's label and the file's name. Once another send
  // left it behind, it is the route's to tell, and is not said again.
  const typeList = types.data;
  useEffect(() => {
    if (!onTyped || choice.from !== sentKey) return;
    const lines: TypedLine[] = [];
    for (const type of typeList ?? []) {
      const fileId = choice.files[type.id];
      if (!fileId || choice.base.some((d) => d.documentTypeId === type.id && d.fileId === fileId)) continue;
      lines.push({
        label: t('bookingRequest.signed', { name: documentTypeName(type) }),
        value: choice.names[fileId] ?? t('bookingRequest.uploaded'),
      });
    }
    onTyped(lines.length > 0 ? lines : null);
  }, [onTyped, choice, sentKey, typeList, documentTypeName, t]);
  const send = async () => {
    const documents = Object.entries(files).map(([documentTypeId, fileId]) => ({
      documentTypeId: Number(documentTypeId),
      fileId,
    }));
    if (documents.length === 0) {
      toast.error(t('bookingRequest.noDocument'));
      return;
    }
    try {
      await submit.mutateAsync(documents);
      setReplacingFrom(null);
      onTyped?.(null);
      toast.success(t('bookingRequest.sent'));
    } catch (error) {
      toast.failure(error);
    }
  };
  return (
    <>
      <SummaryHeader detail={detail} />
      <h2>{t('bookingRequest.heading')}</h2>
      {/* Sent and not yet confirmed: said to every member, whoever may replace the documents. */}
      {submitted && isState('rate_request', detail.state, 'loi_pending') ? (
        <p role="status">{t('bookingRequest.submitted')}</p>
      ) : null}
      <div className={styles.docCards}>
        {(types.data ?? []).map((type) => (
          <TemplateCard key={type.id} type={type} bookingId={detail.id}>
            {choosing ? (
              <FileUpload
                label={signedLabel(type)}
                uploadedName={
                  files[type.id] ? (sentName(detail, files[type.id]) ?? t('bookingRequest.uploaded')) : null
                }
                onUploaded={(fileId, fileName) =>
                  setChoice((now) => {
                    const next = { ...now.files };
                    if (fileId) next[type.id] = fileId;
                    else delete next[type.id];
                    const names = fileId && fileName ? { ...now.names, [fileId]: fileName } : now.names;
                    return { ...now, files: next, names };
                  })
                }
              />
            ) : (
              <SentDocument detail={detail} type={type} label={signedLabel(type)} />
            )}
          </TemplateCard>
        ))}
      </div>
      <div className={styles.actions}>
        <Button variant="outline" onClick={onBack}>
          {t('actions.back')}
        </Button>
        {choosing ? (
          <Button onClick={() => once(send)} loading={submit.isPending} disabled={unchanged}>
            {t('bookingRequest.submit')}
          </Button>
        ) : editable ? (
          <Button
            variant="outline"
            onClick={() => {
              setChoice(choiceFrom(sentDocuments));
              setReplacingFrom(sentKey);
            }}
          >
            {t('bookingRequest.replace')}
          </Button>
        ) : null}
        <Button onClick={onContinue} disabled={!canContinue}>
          {t('actions.continue')}
        </Button>
      </div>
    </>
  );
}

/** Ctrl+P, or ⌘P on a Mac: the browser's print command. */
const isPrintKey = (event: KeyboardEvent): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'p';

/** Step 3: the embedded printable report, the confirmation checkbox, Back and Finish. */
export function FinalStep({ detail, onBack }: { detail: RateRequestDetail; onBack: () => void }) {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const [checked, setChecked] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const approve = useApproveShippingOrder(detail.order?.id ?? detail.id);
  // Approving the draft transport document is an owner's (the team's `own` right).
  const approver = useTeamRights().own;
  const once = useOneAtATime();
  // Approved by the customer, then issued by staff: the draft bill of lading becomes the issued one.
  const issued = isNamed('shipping_order', detail.order?.statusName, 'issued');
  const approved = issued || isNamed('shipping_order', detail.order?.statusName, 'approved');
  // The report tells its height; the frame takes it, so the page scrolls and the frame never does.
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const data: unknown = event.data;
      if (
        typeof data === 'object' &&
        data !== null &&
        'type' in data &&
        data.type === 'report-height' &&
        'height' in data
      ) {
        const told = Number(data.height);
        if (Number.isFinite(told) && told > 0) setHeight(told);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  useEffect(() => {
    const node = frame.current;
    if (!node) return undefined;
    const post = () => node.contentWindow?.postMessage({ type: 'rate-request', id: detail.id }, window.location.origin);
    node.addEventListener('load', post);
    return () => node.removeEventListener('load', post);
  }, [detail.id]);
  // The report prints on its own page, never as a frame of this one (a frame prints cut at its box): Ctrl+P
  // (⌘P) here prints the report (decision 3878).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPrintKey(event)) return;
      const report = frame.current?.contentWindow;
      if (!report) return;
      event.preventDefault();
      report.print();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const finish = async () => {
    try {
      await approve.mutateAsync();
      toast.success(t('finalStep.finished'));
      navigate('/dashboard/bookings');
    } catch (error) {
      toast.failure(error);
    }
  };
  return (
    <>
      <SummaryHeader detail={detail} />
      <iframe
        ref={frame}
        title={t('finalStep.reportTitle')}
        src="/documents/report.html"
        className={styles.frame}
        style={height ? { height: height + 2 } : undefined}
      />
      {/* Printed from the browser's menu, the page prints this note alone (global.css), not a cut report. */}
      <p className={styles.printNote} data-print-note="">
        {t('finalStep.printNote')}
      </p>
      {approved ? (
        <p role="status">{issued ? t('finalStep.issued') : t('finalStep.approved')}</p>
      ) : approver ? (
        <Checkbox label={t('finalStep.confirm')} checked={checked} onChange={(e) => setChecked(e.target.checked)} />
      ) : (
        <RoleNote right="own" />
      )}
      <div className={styles.actions}>
        <Button variant="outline" onClick={onBack}>
          {t('actions.back')}
        </Button>
        {approved || !approver ? null : (
          <Button disabled={!checked} loading={approve.isPending} onClick={() => once(finish)}>
            {t('finalStep.finish')}
          </Button>
        )}
      </div>
    </>
  );
}
