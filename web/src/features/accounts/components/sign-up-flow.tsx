import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { signUpMachine, stepOf } from '@/machines/sign-up-machine';
import type { SignUpKind } from '@/machines/sign-up-machine';
import { finalizeRegistration, resendCode, startRegistration, verifyCode } from '../api/registration';
import type { FinalizeInput } from '../api/registration';
import { ToLoginDialog } from './narrow-page';
import { RegistrationForm } from './registration-form';
import { SignUpProgress, signUpSteps } from './sign-up-progress';
import { StartForm } from './start-form';
import { VerificationStep } from './verification-step';
import styles from './accounts.module.css';

function reload() {
  window.location.reload();
}

/** The real calls behind the machine's actors. */
const signUpActors = {
  start: fromPromise(({ input }: { input: { kind: SignUpKind; nationalId: string; phone: string } }) =>
    startRegistration(input),
  ),
  finalize: fromPromise(({ input }: { input: { kind: SignUpKind; values: Record<string, unknown> } }) =>
    finalizeRegistration(input as unknown as FinalizeInput),
  ),
  verify: fromPromise(({ input }: { input: { type: 1 | 2; nationalId: string; code: string } }) => verifyCode(input)),
  resend: fromPromise(({ input }: { input: { type: 1 | 2; nationalId: string; phone: string } }) => resendCode(input)),
};

export function SignUpFlow({ onBack = reload }: { onBack?: () => void }) {
  const { t } = useTranslation('accounts');
  const machine = useMemo(() => signUpMachine.provide({ actors: signUpActors as never }), []);
  const [snapshot, send] = useMachine(machine, { input: {} });
  const { context } = snapshot;
  const step = stepOf(snapshot);
  // Before the form, the start form's foreign switch says how many steps there are; after, the kind does.
  const [foreignChosen, setForeignChosen] = useState(false);
  const foreign = snapshot.matches('start') || !context.kind ? foreignChosen : context.kind === 3;
  const current = step === null ? null : step === 0 ? 1 : step === 4 ? 3 : 2;

  if (snapshot.matches('start') && context.error) {
    // Spec 000 s.8: a start failure is only logged.
    console.error(context.error);
  }

  return (
    <>
      {current === null ? null : <SignUpProgress current={current} steps={signUpSteps(foreign)} />}
      {snapshot.matches('start') ? (
        <StartForm
          initial={
            context.kind ? { kind: context.kind, nationalId: context.nationalId, phone: context.phone } : undefined
          }
          onForeignChange={setForeignChosen}
          pending={snapshot.matches({ start: 'starting' })}
          serverErrors={context.fieldErrors}
          onSubmit={(value) => send({ type: 'START', ...value })}
        />
      ) : null}
      {snapshot.matches('form') && context.kind ? (
        <RegistrationForm
          kind={context.kind}
          nationalId={context.nationalId}
          phone={context.phone}
          pending={snapshot.matches({ form: 'submitting' })}
          serverErrors={context.fieldErrors}
          draft={context.values}
          onSubmit={(values) => send({ type: 'SUBMIT', values })}
          onBack={(values) => send({ type: 'BACK', values })}
        />
      ) : null}
      {snapshot.matches('verification') ? (
        <VerificationStep
          phone={context.phone}
          code={context.code}
          remaining={context.remaining}
          wrongCode={context.wrongCode}
          verifying={snapshot.matches({ verification: 'verifying' })}
          resending={snapshot.matches({ verification: 'resending' })}
          error={context.error}
          onCode={(code) => send({ type: 'CODE', code })}
          onConfirm={() => send({ type: 'VERIFY' })}
          onResend={() => send({ type: 'RESEND' })}
          onBack={onBack}
        />
      ) : null}
      <ToLoginDialog open={snapshot.matches('success')} title={t('signUp.successTitle')}>
        <p className={styles.muted}>{t('signUp.success')}</p>
      </ToLoginDialog>
      <Dialog
        open={snapshot.matches('userExists')}
        onClose={reload}
        title={t('signUp.existsTitle')}
        tone="error"
        dismissible={false}
        actions={<Button onClick={reload}>{t('confirm')}</Button>}
      >
        <p className={styles.muted}>{context.error ?? t('signUp.exists')}</p>
      </Dialog>
    </>
  );
}
