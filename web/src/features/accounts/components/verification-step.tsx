import { Button } from '@/components/ui/button';
import { CODE_LENGTH, formatCountdown } from '@/machines/sign-up-machine';
import { CodeInput } from './code-input';
import styles from './accounts.module.css';

export interface VerificationStepProps {
  phone: string;
  code: string;
  remaining: number;
  wrongCode: boolean;
  verifying: boolean;
  resending: boolean;
  error: string | null;
  onCode: (code: string) => void;
  onConfirm: () => void;
  onResend: () => void;
  onBack: () => void;
}

/** Step 4: the code sent by SMS, the resend countdown, Confirm and Back. */
export function VerificationStep({
  phone,
  code,
  remaining,
  wrongCode,
  verifying,
  resending,
  error,
  onCode,
  onConfirm,
  onResend,
  onBack,
}: VerificationStepProps) {
  const pending = verifying || resending;
  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby="verification-title"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
    >
      <h2 id="verification-title" className={styles.title}>
        Verification
      </h2>
      <p className={styles.muted}>
        We sent a verification code to your phone number{phone ? ` ${phone}` : ''}. Enter it below.
      </p>
      <CodeInput value={code} onChange={onCode} invalid={wrongCode} length={CODE_LENGTH} focusFirst />
      {wrongCode ? (
        <p className={styles.error} role="alert">
          {error ?? 'The code is not correct.'}
        </p>
      ) : null}
      <div className={styles.actions}>
        <span>
          Remaining Time{' '}
          <span className={styles.countdown} aria-live="off" data-testid="countdown">
            {formatCountdown(remaining)}
          </span>
        </span>
        <button type="button" className={styles.linkButton} disabled={remaining > 0 || pending} onClick={onResend}>
          Resend Code
        </button>
      </div>
      <div className={styles.actions}>
        <Button type="submit" disabled={code.length !== CODE_LENGTH || pending} loading={verifying}>
          Confirm
        </Button>
        <Button type="button" variant="outline" onClick={onBack}>
          Back
        </Button>
      </div>
    </form>
  );
}
