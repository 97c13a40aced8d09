import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextInput } from '@/components/ui/text-input';
import { toast } from '@/components/ui/toast';
import { Reference } from '@/components/reference/reference';
import { KeptDraftNotice } from '@/components/kept-draft-notice/kept-draft-notice';
import { useKeptDraft } from '@/lib/kept-draft';
import { useCancelShippingOrder } from '../api/booking-api';
import type { RateRequestDetail } from '../api/booking-api';
import { maxLength } from '@/types/limits';

/** "Cancel the order" on the booking's screen where its shipping order is shown, for the caller to offer where
 * the lifecycle lets the customer `cancel` (`mayCancelOrder`, decision 3832). It asks once more, with an
 * optional reason; every way out of the question leaves the order as it is. Once cancelled, the screen shows
 * the order cancelled and the offer to fill it again. */
export function CancelOrderAction({ detail }: { detail: RateRequestDetail }) {
  const { t } = useTranslation('booking');
  const cancel = useCancelShippingOrder(detail.order?.id ?? '', detail.id);
  // The reason and its question come back if the session ends as she sends it (decision 3881).
  const draft = useKeptDraft('cancel-order', '');
  const { value: reason, setValue: setReason, open: asking, setOpen: setAsking } = draft;
  const booking = detail.reference ?? t('cancelOrder.thisBooking');
  const run = async () => {
    try {
      await cancel.mutateAsync(reason);
      setAsking(false);
      setReason('');
      toast.success(t('cancelOrder.done', { booking }));
    } catch (error) {
      toast.failure(error);
    }
  };
  if (!detail.order) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setAsking(true)}>
        {t('cancelOrder.action')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('cancelOrder.title')}
        act={t('cancelOrder.action')}
        onAct={() => run()}
        keep={t('cancelOrder.keep')}
        onKeep={() => setAsking(false)}
        destructive
        pending={cancel.isPending}
      >
        <KeptDraftNotice kept={draft.kept} />
        <p>
          <Trans t={t} i18nKey="cancelOrder.text" values={{ booking }} components={{ b: <Reference /> }} />
        </p>
        <TextInput
          label={t('cancelOrder.reason')}
          dir="auto"
          value={reason}
          maxLength={maxLength.ShippingOrderCancelBody.reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </ConfirmDialog>
    </>
  );
}
