import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import type { ApiError } from '@/lib/api-client';
import { said } from '@/lib/messages';
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
}

/** Accept (with a confirmation) and Decline (with a required description); both return to the overview. */
export function Decision({ accept, decline, disabled, subject, messageLimit }: DecisionProps) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'accept' | 'decline' | null>(null);
  const descriptionId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ message: string }>({ resolver: zodResolver(declineSchema), defaultValues: { message: '' } });
  const done = (text: string) => {
    setDialog(null);
    toast.success(text);
    navigate('/dashboard/overview');
  };
  const failed = (error: ApiError) => toast.error(error.description);

  return (
    <>
      <div className={styles.actions}>
        <Button onClick={() => setDialog('accept')} disabled={disabled}>
          {t('decision.accept')}
        </Button>
        <Button variant="danger" onClick={() => setDialog('decline')} disabled={disabled}>
          {t('decision.decline')}
        </Button>
      </div>
      <Dialog
        open={dialog === 'accept'}
        onClose={() => setDialog(null)}
        title={t('decision.accept')}
        actions={
          <>
            <Button variant="outline" onClick={() => setDialog(null)}>
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
      <Dialog open={dialog === 'decline'} onClose={() => setDialog(null)} title={t('decision.decline')}>
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
            {...register('message')}
          />
          {errors.message ? <p className={styles.error}>{errors.message.message}</p> : null}
          <div className={styles.actions} style={{ marginTop: 16 }}>
            <Button type="button" variant="outline" onClick={() => setDialog(null)}>
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
