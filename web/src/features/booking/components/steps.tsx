import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { errorText } from '@/lib/api-client';
import { can, isState, stateName } from '@/lib/lifecycle';
import { TextInput } from '@/components/ui/text-input';
import {
  documentTypesOptions,
  useApproveShippingOrder,
  usePriceDecision,
  useSubmitBookingRequest,
  useWithdrawRequest,
} from '../api/booking-api';
import type { RateRequestDetail } from '../api/booking-api';
import { formatDate, formatMoney } from '@/lib/format';
import { formatBookingTotal } from '@/components/charges';
import { FileUpload } from './file-upload';
import { TemplateCard } from './template-card';
import { SummaryHeader } from './summary-header';
import styles from './booking.module.css';

/** Step 0 with a price: the price, Accept price and Decline quote, each asked once more in words that name the
 * act; every way out of the question (Keep quote, Escape, the close icon) leaves the quote as it is. */
export function PricePanel({ detail }: { detail: RateRequestDetail }) {
  const navigate = useNavigate();
  const decide = usePriceDecision(detail.id);
  const [confirm, setConfirm] = useState<'approve' | 'cancel' | null>(null);
  const run = async (decision: 'approve' | 'cancel') => {
    try {
      await decide.mutateAsync(decision);
      setConfirm(null);
      // Accepted: the booking's next step (the signed booking letter) is on this same page; the wizard moves
      // there with the answer. Declined: the booking is over, back to the list.
      if (decision === 'cancel') navigate('/dashboard/bookings');
      else toast.success('Price accepted. Next: send the signed booking letter.');
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  const price = formatMoney(detail.price);
  const booking = detail.reference ?? 'this booking';
  return (
    <>
      <SummaryHeader detail={detail} />
      <div className={styles.pricePanel}>
        <p>
          Price per container: <strong>{price}</strong>
          <span className={styles.muted}>
            {' '}
            · {formatBookingTotal(detail)} for{' '}
            {detail.quantity}
            {detail.validUntil ? ` · quote valid until ${formatDate(detail.validUntil)}` : null}
          </span>
        </p>
        {/* A booking requested through the API is firm: the carrier confirms it at this price. */}
        {detail.viaApi ? (
          <p className={styles.muted}>Requested through the API: the carrier confirms it at this price.</p>
        ) : null}
        <div className={styles.row}>
          <Button variant="outline" onClick={() => setConfirm('cancel')}>
            Decline quote
          </Button>
          {detail.viaApi ? null : <Button onClick={() => setConfirm('approve')}>Accept price</Button>}
        </div>
      </div>
      <ConfirmDialog
        open={confirm === 'approve'}
        title="Accept this price?"
        act="Accept price"
        onAct={() => void run('approve')}
        keep="Not yet"
        onKeep={() => setConfirm(null)}
        pending={decide.isPending}
      >
        <p>
          You accept {price} per container ({formatBookingTotal(detail)} for {detail.quantity}) for{' '}
          {booking}. Next you send the signed booking letter.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'cancel'}
        title="Decline this quote?"
        act="Decline quote"
        onAct={() => void run('cancel')}
        keep="Keep quote"
        onKeep={() => setConfirm(null)}
        destructive
        pending={decide.isPending}
      >
        <p>
          Declining ends {booking}: you cannot accept {price} per container afterwards, and a new shipment needs a new
          booking.
        </p>
      </ConfirmDialog>
    </>
  );
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
export function AwaitingQuotePanel({ detail, onEdit, onBack }: { detail: RateRequestDetail; onEdit: () => void; onBack: () => void }) {
  const navigate = useNavigate();
  const withdraw = useWithdrawRequest(detail.id);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const name = stateName('rate_request', detail.state, detail.price);
  const booking = detail.reference ?? 'this request';
  const run = async () => {
    try {
      await withdraw.mutateAsync(reason);
      setAsking(false);
      toast.success(`${booking} was withdrawn.`);
      navigate('/dashboard/bookings');
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <>
      <SummaryHeader detail={detail} />
      <p role="status">Your request is waiting for a price quote. Until it is quoted you can still change it or withdraw it.</p>
      <div className={styles.actions}>
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        {can('rate_request', name, 'withdraw', 'customer') ? (
          <Button variant="outline" onClick={() => setAsking(true)}>
            Withdraw request
          </Button>
        ) : null}
        {can('rate_request', name, 'edit', 'customer') ? <Button onClick={onEdit}>Edit request</Button> : null}
      </div>
      <ConfirmDialog
        open={asking}
        title="Withdraw this request?"
        act="Withdraw request"
        onAct={() => void run()}
        keep="Keep request"
        onKeep={() => setAsking(false)}
        destructive
        pending={withdraw.isPending}
      >
        <p>Withdrawing ends {booking}: staff will not quote it, and a new shipment needs a new booking.</p>
        <TextInput label="Reason (optional)" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </ConfirmDialog>
    </>
  );
}

/** Step 1: the booking request with Booking Letter, Export LOI and Flexi LOI cards. */
export function BookingRequestStep({
  detail,
  editable,
  onBack,
  onContinue,
  canContinue,
}: {
  detail: RateRequestDetail;
  editable: boolean;
  onBack: () => void;
  onContinue: () => void;
  canContinue: boolean;
}) {
  const types = useQuery(documentTypesOptions());
  const submit = useSubmitBookingRequest(detail.id);
  const [files, setFiles] = useState<Record<number, string>>(() =>
    Object.fromEntries((detail.bookingRequest?.documents ?? []).map((d) => [d.documentTypeId, d.fileId])),
  );
  const submitted = Boolean(detail.bookingRequest);
  // The same documents again would be the same request: offer Submit only when something changed.
  const unchanged = submitted && sameDocuments(files, detail.bookingRequest?.documents ?? []);
  const send = async () => {
    const documents = Object.entries(files).map(([documentTypeId, fileId]) => ({
      documentTypeId: Number(documentTypeId),
      fileId,
    }));
    if (documents.length === 0) {
      toast.error('Upload at least one signed document.');
      return;
    }
    try {
      await submit.mutateAsync(documents);
      toast.success('Booking request sent');
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <>
      <SummaryHeader detail={detail} />
      <h2>Booking Request</h2>
      {submitted && editable ? <p role="status">Your documents were sent; we are confirming the booking.</p> : null}
      <div className={styles.docCards}>
        {(types.data ?? []).map((type) => (
          <TemplateCard key={type.id} type={type} bookingId={detail.id}>
            <FileUpload
              label={`Signed ${type.name}`}
              disabled={!editable}
              uploadedName={files[type.id] ? 'uploaded' : null}
              onUploaded={(fileId) =>
                setFiles((current) => {
                  const next = { ...current };
                  if (fileId) next[type.id] = fileId;
                  else delete next[type.id];
                  return next;
                })
              }
            />
          </TemplateCard>
        ))}
      </div>
      <div className={styles.actions}>
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        {editable ? (
          <Button onClick={() => void send()} loading={submit.isPending} disabled={unchanged}>
            Submit Booking Request
          </Button>
        ) : null}
        <Button onClick={onContinue} disabled={!canContinue}>
          Continue
        </Button>
      </div>
    </>
  );
}

/** Step 3: the embedded printable report, the confirmation checkbox, Back and Finish. */
export function FinalStep({ detail, onBack }: { detail: RateRequestDetail; onBack: () => void }) {
  const navigate = useNavigate();
  const [checked, setChecked] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const approve = useApproveShippingOrder(detail.order?.id ?? detail.id);
  // Approved by the customer, then issued by staff: the draft bill of lading becomes the issued one.
  const issued = isState('shipping_order', detail.order?.status, 'issued');
  const approved = issued || isState('shipping_order', detail.order?.status, 'approved');
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
  const finish = async () => {
    try {
      await approve.mutateAsync();
      toast.success('Finish Successfully!');
      navigate('/dashboard/bookings');
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <>
      <SummaryHeader detail={detail} />
      <iframe
        ref={frame}
        title="Shipping order report"
        src="/documents/report.html"
        className={styles.frame}
        style={height ? { height: height + 2 } : undefined}
      />
      {approved ? (
        <p role="status">
          {issued
            ? 'The bill of lading is issued. This booking is complete.'
            : 'This booking is complete; the bill of lading will be issued by our staff.'}
        </p>
      ) : (
        <Checkbox
          label="I confirm that the information provided is complete and accurate."
          checked={checked}
          onChange={(e) => setChecked(e.target.checked)}
        />
      )}
      <div className={styles.actions}>
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        {approved ? null : (
          <Button disabled={!checked} loading={approve.isPending} onClick={() => void finish()}>
            Finish
          </Button>
        )}
      </div>
    </>
  );
}
