import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { errorText } from '@/lib/api-client';
import '@/lib/decided-first'; // a colleague's decision first is said with who and when
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';
import type { Schema } from '@/types/contract';
import { useTranslation } from 'react-i18next';
import { personWords } from '@/lib/people';
import { cargoWords } from '@/lib/reference-names';

/** The staff action's call: once it is done the console is read again, staff are told what happened (`done`,
 * a sentence, never "Confirm: done"), the dialog closes;
 * the server's reason stays in the dialog (`onError`, with the error: its `fields` name what they are about),
 * beside the fields it is about. */
export function useStaffAction(
  done: string,
  call: () => Promise<unknown>,
  onClose: () => void,
  onError: (message: string, error: unknown) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Refused too (a colleague acted meanwhile): the console shows the booking as it is now at once.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['operations'] }),
    onSuccess: () => {
      toast.success(done);
      onClose();
    },
    onError: (e) => onError(errorText(e), e),
  });
}

/** The frame of every staff action on a rate request: the request it acts on, what the action asks, the
 * error, Close and Confirm. Each time Confirm is `refused` (a count) the first field marked invalid takes
 * focus, so its error is read out with it. */
export function StaffActionDialog({
  title,
  detail,
  pending,
  danger = false,
  error,
  refused = 0,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  detail: Pick<
    Schema<'RateRequestDetail'>,
    'quantity' | 'containerSize' | 'containerType' | 'commodity' | 'customerName'
  >;
  pending: boolean;
  danger?: boolean;
  error: string | null;
  refused?: number;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('operations');
  const fields = useRef<HTMLDivElement>(null);
  useFocusFirstInvalid(fields, refused);
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('actionDialog.close')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={pending} onClick={onConfirm}>
            {t('actionDialog.confirm')}
          </Button>
        </>
      }
    >
      <p>
        <bdi>{cargoWords(detail)}</bdi> {t('actionDialog.for')} <bdi>{personWords(detail.customerName)}</bdi>
      </p>
      <div ref={fields}>{children}</div>
      {error ? <p role="alert">{error}</p> : null}
    </Dialog>
  );
}
