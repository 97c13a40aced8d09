import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { Reference } from '@/components/reference/reference';
import { useCancelShippingOrderUpdate } from '../api/booking-api';
import type { RateRequestDetail } from '../api/booking-api';

/** "Withdraw my update" on the booking's screen while the update she sent to her shipping order awaits staff,
 * for the caller to offer where the lifecycle lets the customer `cancel_update` (`mayWithdrawUpdate`, decision
 * 3839). It asks once more; every way out of the question leaves the update standing. Once withdrawn, the
 * screen shows the order as it was before the update (under review, or returned for changes). */
export function WithdrawUpdateAction({ detail }: { detail: RateRequestDetail }) {
  const { t } = useTranslation('booking');
  const withdraw = useCancelShippingOrderUpdate(detail.order?.id ?? '', detail.id);
  const [asking, setAsking] = useState(false);
  const booking = detail.reference ?? t('withdrawUpdate.thisBooking');
  const run = async () => {
    try {
      await withdraw.mutateAsync();
      setAsking(false);
      toast.success(t('withdrawUpdate.done', { booking }));
    } catch (error) {
      toast.failure(error);
    }
  };
  if (!detail.order) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setAsking(true)}>
        {t('withdrawUpdate.action')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('withdrawUpdate.title')}
        act={t('withdrawUpdate.action')}
        onAct={() => run()}
        keep={t('withdrawUpdate.keep')}
        onKeep={() => setAsking(false)}
        destructive
        pending={withdraw.isPending}
      >
        <p>
          <Trans t={t} i18nKey="withdrawUpdate.text" values={{ booking }} components={{ b: <Reference /> }} />
        </p>
      </ConfirmDialog>
    </>
  );
}
