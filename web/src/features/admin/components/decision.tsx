import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { KeptDraftNotice } from '@/components/kept-draft-notice/kept-draft-notice';
import type { ApiError } from '@/lib/api-client';
import { useKeptDraft } from '@/lib/kept-draft';
import { useHeadingFocusOnStep } from '@/lib/page-focus';
import { said } from '@/lib/messages';
import { decidedByWords } from '../lib/decided-first';
import styles from './admin.module.css';
import { useTranslation } from 'react-i18next';

/** Spec 000 section 5: the decline description is required, at least 1 character. */
const declineSchema = z.object({ message: z.string().trim().min(1, said('common.requiredShort')) });

export interface DecisionProps {
  accept: UseMutationResult<unknown, ApiError, void>;
  decline: UseMutationResult<unknown, ApiError, string>;
  disabled?: boolean;
  subject: string;
  /** The longest decline message the call takes (its body's bound, `@/types/limits`). */
  messageLimit: number;
  /** Called as Accept or Decline opens its dialog: the moment the screen's values are the ones decided on. */
  onOpen?: () => void;
}

/** Accept (with a confirmation) and Decline (with a required description); both return to the overview. */
export function Decision({ accept, decline, disabled, subject, messageLimit, onOpen }: DecisionProps) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [accepting, setAccepting] = useState(false);
  // The decline message, and its dialog, come back if the session ends as it is sent (decision 3881).
  const declineDraft = useKeptDraft('decline-message', '');
  const { open: declining, setOpen: setDeclining, setValue: keepMessage } = declineDraft;
  const descriptionId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ message: string }>({
    resolver: zodResolver(declineSchema),
    defaultValues: { message: declineDraft.value },
  });
  const done = (text: string) => {
    setAccepting(false);
    setDeclining(false);
    toast.success(text);
    navigate('/dashboard/overview');
  };
  // A refusal closes the confirmation: the page behind it refetches and shows what stands now (a colleague's
  // decision, the customer's newer values) before anyone confirms again (decision 3907).
  const failed = (error: ApiError) => {
    setAccepting(false);
    // A colleague decided first: its words name them and when (errorText, decisions 3911 and 3916).
    toast.failure(error);
  };
  // Decided meanwhile: the dialog went with its button now disabled, so the page's heading takes the focus.
  useHeadingFocusOnStep(disabled);
  const open = (dialog: (open: boolean) => void) => () => {
    onOpen?.();
    dialog(true);
  };

  return (
    <>
      <div className={styles.actions}>
        <Button onClick={open(setAccepting)} disabled={disabled}>
          {t('decision.accept')}
        </Button>
        <Button variant="danger" onClick={open(setDeclining)} disabled={disabled}>
          {t('decision.decline')}
        </Button>
      </div>
      <Dialog
        open={accepting && !disabled}
        onClose={() => setAccepting(false)}
        title={t('decision.accept')}
        actions={
          <>
            <Button variant="outline" onClick={() => setAccepting(false)}>
              {t('decision.cancel')}
            </Button>
            <Button
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(undefined, { onSuccess: () => done(t('decision.accepted')), onError: failed })
              }
            >
              {t('decision.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('decision.acceptSubject', { subject })}</p>
      </Dialog>
      {/* No longer offered (decided meanwhile, the page refetched): the dialog goes. */}
      <Dialog open={declining && !disabled} onClose={() => setDeclining(false)} title={t('decision.decline')}>
        <KeptDraftNotice kept={declineDraft.kept} />
        <form
          noValidate
          onSubmit={handleSubmit(({ message }) =>
            decline.mutate(message, { onSuccess: () => done(t('decision.declined')), onError: failed }),
          )}
        >
          <label htmlFor={descriptionId}>{t('decision.description')}</label>
          <textarea
            id={descriptionId}
            dir="auto"
            className={styles.textarea}
            aria-invalid={errors.message ? true : undefined}
            maxLength={messageLimit}
            {...register('message', {
              onChange: (e: ChangeEvent<HTMLTextAreaElement>) => keepMessage(e.target.value),
            })}
          />
          {errors.message ? <p className={styles.error}>{errors.message.message}</p> : null}
          <div className={styles.actions} style={{ marginTop: 16 }}>
            <Button type="button" variant="outline" onClick={() => setDeclining(false)}>
              {t('decision.cancel')}
            </Button>
            <Button type="submit" variant="danger" loading={decline.isPending}>
              {t('decision.send')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** Who decided and when (staff's screens only), once decided: a colleague to talk to (decision 3911). */
export function DecidedBy({ decidedBy, decidedAt }: { decidedBy?: string | null; decidedAt?: string | null }) {
  const words = decidedByWords(decidedBy, decidedAt);
  return words ? <p className={styles.meta}>{words}</p> : null;
}
