/**
 * The sign-up flow of spec 000 section 2 as one machine: step 0 (start form), 1-3 (the form of the
 * customer's kind), 4 (code verification), then the 'Sign Up Successful' or 'User Exist' dialog.
 *
 * The server decides where the flow goes after the start call (`firstStep` 1|2|3, or 4 to resume a
 * registration that waits for its code). The calls are actors the screen provides (`.provide({actors})`);
 * the ones here only fail, so the machine stays free of feature code and tests give their own.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Schema } from '@/types/contract';

export type SignUpKind = 1 | 2 | 3;
export type VerifyType = 1 | 2;

/** Spec 000 section 9: the resend countdown. */
const RESEND_COUNTDOWN_SECONDS = 120;
export const CODE_LENGTH = 5;

/** What the machine reads from the start call's answer: `firstStep` 1|2|3 (that kind's form) or 4 (resume). */
export type StartOutput = Pick<Schema<'Started'>, 'firstStep' | 'type' | 'nationalId'>;

/** What the machine reads from the finalize call's answer. */
export type FinalizeOutput = Pick<Schema<'Finalized'>, 'nationalId' | 'verify'>;

/** What the machine reads from a failed call (an ApiError has these). */
export interface CallError {
  status?: number;
  description?: string;
  fields?: Record<string, string>;
}

export interface SignUpContext {
  kind: SignUpKind | null;
  type: VerifyType | null;
  nationalId: string;
  phone: string;
  code: string;
  wrongCode: boolean;
  remaining: number;
  /** When Resend opens, as wall-clock milliseconds: a background tab's throttled timer ticks late, so the
   * remaining time is read from the clock on every tick, never counted in ticks. */
  resendAt: number;
  countdownSeconds: number;
  error: string | null;
  fieldErrors: Record<string, string>;
  /** The last submitted form values (step 1-3), or what was typed there before going Back. */
  values: Record<string, unknown>;
  /** Whether the start form's foreign switch was on (kept for Back). */
  foreign: boolean;
  now: () => number;
}

export type SignUpEvent =
  | { type: 'START'; kind: SignUpKind; nationalId: string; phone?: string }
  | { type: 'SUBMIT'; values: Record<string, unknown> }
  | { type: 'BACK'; values: Record<string, unknown> }
  | { type: 'CODE'; code: string }
  | { type: 'VERIFY' }
  | { type: 'RESEND' }
  | { type: 'TICK' };

export interface SignUpInput {
  countdownSeconds?: number;
  /** The clock (tests give their own). */
  now?: () => number;
}

const secondsLeft = (context: SignUpContext) => Math.max(0, Math.ceil((context.resendAt - context.now()) / 1000));

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} actor not provided`));

function asCallError(error: unknown): CallError {
  return typeof error === 'object' && error !== null ? (error as CallError) : {};
}

const kindOfStep = (step: number): SignUpKind => (step === 1 ? 1 : step === 2 ? 2 : 3);
/** The start answer's verification type: 2 for a domestic company's code, 1 otherwise. */
const verifyTypeOf = (type: number): VerifyType => (type === 2 ? 2 : 1);

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as SignUpInput,
  },
  actors: {
    start: fromPromise<StartOutput, { kind: SignUpKind; nationalId: string; phone: string }>(notProvided('start')),
    finalize: fromPromise<FinalizeOutput, { kind: SignUpKind; values: Record<string, unknown> }>(
      notProvided('finalize'),
    ),
    verify: fromPromise<unknown, { type: VerifyType; nationalId: string; code: string }>(notProvided('verify')),
    resend: fromPromise<unknown, { type: VerifyType; nationalId: string; phone: string }>(notProvided('resend')),
    ticker: fromCallback(({ sendBack }) => {
      const tick = () => sendBack({ type: 'TICK' });
      const id = setInterval(tick, 1000);
      // Back in the tab: read the clock at once rather than at the throttled timer's next tick.
      document.addEventListener('visibilitychange', tick);
      return () => {
        clearInterval(id);
        document.removeEventListener('visibilitychange', tick);
      };
    }),
  },
  guards: {
    resumeVerification: (_, output: StartOutput) => output.firstStep === 4,
    userExists: (_, error: unknown) => asCallError(error).status === 409,
    hasFieldErrors: (_, error: unknown) => Object.keys(asCallError(error).fields ?? {}).length > 0,
    isForeign: ({ context }) => context.kind === 3,
    codeComplete: ({ context }) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(context.code),
    timeLeft: ({ context }) => context.remaining > 0,
    timeUp: ({ context }) => context.remaining <= 0,
  },
  actions: {
    restartCountdown: assign({
      remaining: ({ context }) => context.countdownSeconds,
      resendAt: ({ context }) => context.now() + context.countdownSeconds * 1000,
      code: '',
      wrongCode: false,
    }),
    clearErrors: assign({ error: null, fieldErrors: {} }),
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    kind: null,
    type: null,
    nationalId: '',
    phone: '',
    code: '',
    wrongCode: false,
    remaining: input?.countdownSeconds ?? RESEND_COUNTDOWN_SECONDS,
    countdownSeconds: input?.countdownSeconds ?? RESEND_COUNTDOWN_SECONDS,
    error: null,
    fieldErrors: {},
    values: {},
    foreign: false,
    resendAt: 0,
    now: input?.now ?? (() => Date.now()),
  }),
  initial: 'start',
  states: {
    // Step 0
    start: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            START: {
              target: 'starting',
              actions: [
                'clearErrors',
                assign({
                  foreign: ({ event }) => event.kind === 3,
                  kind: ({ event }) => event.kind,
                  nationalId: ({ event }) => event.nationalId.trim(),
                  phone: ({ event }) => event.phone?.trim() ?? '',
                }),
              ],
            },
          },
        },
        starting: {
          invoke: {
            id: 'start',
            src: 'start',
            input: ({ context }) => ({ kind: context.kind ?? 1, nationalId: context.nationalId, phone: context.phone }),
            onDone: [
              {
                guard: { type: 'resumeVerification', params: ({ event }) => event.output },
                target: '#signUp.verification',
                actions: assign({
                  type: ({ event }) => verifyTypeOf(event.output.type),
                  nationalId: ({ event }) => event.output.nationalId,
                }),
              },
              {
                target: '#signUp.form',
                actions: assign({
                  kind: ({ event }) => kindOfStep(event.output.firstStep),
                  type: ({ event }) => verifyTypeOf(event.output.type),
                  nationalId: ({ event }) => event.output.nationalId,
                }),
              },
            ],
            onError: [
              {
                guard: { type: 'userExists', params: ({ event }: { event: { error: unknown } }) => event.error },
                target: '#signUp.userExists',
              },
              {
                // Spec 000 s.8: a start failure is only logged; field messages still show under their fields.
                target: 'editing',
                actions: assign({
                  error: ({ event }) => asCallError(event.error).description ?? null,
                  fieldErrors: ({ event }) => asCallError(event.error).fields ?? {},
                }),
              },
            ],
          },
        },
      },
    },
    // Steps 1, 2, 3: which form shows is context.kind.
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SUBMIT: {
              target: 'submitting',
              actions: [
                'clearErrors',
                assign({
                  values: ({ event }) => event.values,
                  phone: ({ context, event }) =>
                    typeof event.values.phone === 'string' ? event.values.phone.trim() : context.phone,
                }),
              ],
            },
            // Back to step 1, keeping what was typed on both steps.
            BACK: {
              target: '#signUp.start',
              actions: ['clearErrors', assign({ values: ({ event }) => event.values })],
            },
          },
        },
        submitting: {
          invoke: {
            id: 'finalize',
            src: 'finalize',
            input: ({ context }) => ({ kind: context.kind ?? 1, values: context.values }),
            onDone: [
              { guard: 'isForeign', target: '#signUp.success' },
              {
                target: '#signUp.verification',
                actions: assign({ nationalId: ({ event }) => event.output.nationalId }),
              },
            ],
            onError: [
              {
                guard: { type: 'hasFieldErrors', params: ({ event }: { event: { error: unknown } }) => event.error },
                target: 'editing',
                actions: assign({ fieldErrors: ({ event }) => asCallError(event.error).fields ?? {} }),
              },
              {
                target: '#signUp.userExists',
                actions: assign({ error: ({ event }) => asCallError(event.error).description ?? null }),
              },
            ],
          },
        },
      },
    },
    // Step 4
    verification: {
      entry: 'restartCountdown',
      invoke: { id: 'ticker', src: 'ticker' },
      on: {
        TICK: { guard: 'timeLeft', actions: assign({ remaining: ({ context }) => secondsLeft(context) }) },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            CODE: {
              actions: assign({
                code: ({ event }) => event.code.replace(/\D/g, '').slice(0, CODE_LENGTH),
                wrongCode: false,
              }),
            },
            VERIFY: { guard: 'codeComplete', target: 'verifying' },
            RESEND: { guard: 'timeUp', target: 'resending' },
          },
        },
        verifying: {
          invoke: {
            id: 'verify',
            src: 'verify',
            input: ({ context }) => ({ type: context.type ?? 1, nationalId: context.nationalId, code: context.code }),
            onDone: { target: '#signUp.success' },
            onError: {
              target: 'idle',
              actions: assign({
                wrongCode: () => true,
                error: ({ event }) => asCallError(event.error).description ?? null,
              }),
            },
          },
        },
        resending: {
          invoke: {
            id: 'resend',
            src: 'resend',
            input: ({ context }) => ({ type: context.type ?? 1, nationalId: context.nationalId, phone: context.phone }),
            onDone: { target: 'idle', actions: ['restartCountdown', 'clearErrors'] },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => asCallError(event.error).description ?? null }),
            },
          },
        },
      },
    },
    // 'Sign Up Successful': Confirm goes to /login.
    success: { type: 'final' },
    // 'User Exist': Confirm reloads the page.
    userExists: { type: 'final' },
  },
});

/** The spec's step number of a snapshot (0 start, 1-3 forms, 4 verification); null once a dialog shows. */
export function stepOf(snapshot: SnapshotFrom<typeof signUpMachine>): number | null {
  if (snapshot.matches('start')) return 0;
  if (snapshot.matches('form')) return snapshot.context.kind;
  if (snapshot.matches('verification')) return 4;
  return null;
}

/** mm:ss of the remaining seconds. */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(safe / 60)).padStart(2, '0')}:${String(safe % 60).padStart(2, '0')}`;
}
