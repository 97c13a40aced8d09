import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/**
 * Staff confirm a customer's cancellation only after a question: a cancelled booking cannot be brought back,
 * so one stray click must not do it. `onConfirm` answers whether the decision was saved (the dialog stays
 * open when it was not).
 */
export function ConfirmCancellation({
  pending,
  onConfirm,
}: {
  pending: boolean;
  onConfirm: () => Promise<boolean>;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button disabled={pending} onClick={() => setAsking(true)}>
        Confirm cancellation
      </Button>
      <ConfirmDialog
        open={asking}
        title="Cancel this booking?"
        act="Cancel the booking"
        onAct={async () => {
          if (await onConfirm()) setAsking(false);
        }}
        keep="Keep the booking"
        onKeep={() => setAsking(false)}
        destructive
        pending={pending}
      >
        <p>The booking is cancelled for good, as the customer asked, and the customer is told. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
