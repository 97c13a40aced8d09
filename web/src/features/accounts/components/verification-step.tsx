import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CODE_LENGTH, formatCountdown } from '@/machines/sign-up-machine';
import { localDigits } from '@/lib/format';
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
  const { t } = useTranslation('accounts');
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
        {t('verificationStep.verification')}
      </h2>
      {/* The number has no letter to set an isolate's direction: isolated left to right, or a Persian sentence
          shows its groups backwards (`2113 038 912 98+`). */}
      <p className={styles.muted}>
        {phone ? (
          <Trans t={t} i18nKey="verificationStep.sentTo" values={{ phone }} components={{ phone: <bdi dir="ltr" /> }} />
        ) : (
          t('verificationStep.sent')
        )}
      </p>
      <CodeInput value={code} onChange={onCode} invalid={wrongCode} length={CODE_LENGTH} focusFirst />
      {wrongCode ? (
        <p className={styles.error} role="alert">
          {error ?? t('verificationStep.theCodeIsNot')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <span>
          {t('verificationStep.remainingTime')}{' '}
          <span className={styles.countdown} aria-live="off" data-testid="countdown">
            {localDigits(formatCountdown(remaining))}
          </span>
        </span>
        <button type="button" className={styles.linkButton} disabled={remaining > 0 || pending} onClick={onResend}>
          {t('verificationStep.resendCode')}
        </button>
      </div>
      <div className={styles.actions}>
        <Button type="submit" disabled={code.length !== CODE_LENGTH || pending} loading={verifying}>
          {t('verificationStep.confirm')}
        </Button>
        <Button type="button" variant="outline" onClick={onBack}>
          {t('verificationStep.back')}
        </Button>
      </div>
    </form>
  );
}
