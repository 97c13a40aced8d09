import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useTranslation } from 'react-i18next';

/**
 * Staff confirm a customer's cancellation only after a question: a cancelled booking cannot be brought back,
 * so one stray click must not do it. `onConfirm` answers whether the decision was saved (the dialog stays
 * open when it was not).
 */
export function ConfirmCancellation({ pending, onConfirm }: { pending: boolean; onConfirm: () => Promise<boolean> }) {
  const { t } = useTranslation('operations');
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button disabled={pending} onClick={() => setAsking(true)}>
        {t('cancel.confirm')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('cancel.title')}
        act={t('cancel.act')}
        onAct={async () => {
          if (await onConfirm()) setAsking(false);
        }}
        keep={t('cancel.keep')}
        onKeep={() => setAsking(false)}
        destructive
        pending={pending}
      >
        <p>{t('cancel.text')}</p>
      </ConfirmDialog>
    </>
  );
}
