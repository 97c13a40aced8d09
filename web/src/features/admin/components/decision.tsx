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
import { message } from '@/lib/messages';
import styles from './admin.module.css';

/** Spec 000 section 5: the decline description is required, at least 1 character. */
const declineSchema = z.object({ message: z.string().trim().min(1, message('common.requiredShort')) });

export interface DecisionProps {
  accept: UseMutationResult<unknown, ApiError, void>;
  decline: UseMutationResult<unknown, ApiError, string>;
  disabled?: boolean;
  subject: string;
}

/** Accept (with a confirmation) and Decline (with a required description); both return to the overview. */
export function Decision({ accept, decline, disabled, subject }: DecisionProps) {
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
          Accept
        </Button>
        <Button variant="danger" onClick={() => setDialog('decline')} disabled={disabled}>
          Decline
        </Button>
      </div>
      <Dialog
        open={dialog === 'accept'}
        onClose={() => setDialog(null)}
        title="Accept"
        actions={
          <>
            <Button variant="outline" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button
              loading={accept.isPending}
              onClick={() => accept.mutate(undefined, { onSuccess: () => done('Accepted.'), onError: failed })}
            >
              Confirm
            </Button>
          </>
        }
      >
        <p>Accept {subject}?</p>
      </Dialog>
      <Dialog open={dialog === 'decline'} onClose={() => setDialog(null)} title="Decline">
        <form
          noValidate
          onSubmit={handleSubmit(({ message }) =>
            decline.mutate(message, { onSuccess: () => done('Declined.'), onError: failed }),
          )}
        >
          <label htmlFor={descriptionId}>Description</label>
          <textarea
            id={descriptionId}
            dir="auto"
            className={styles.textarea}
            aria-invalid={errors.message ? true : undefined}
            {...register('message')}
          />
          {errors.message ? <p className={styles.error}>{errors.message.message}</p> : null}
          <div className={styles.actions} style={{ marginTop: 16 }}>
            <Button type="button" variant="outline" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={decline.isPending}>
              Send
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
