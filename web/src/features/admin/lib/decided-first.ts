import type { ApiError } from '@/lib/api-client';
import { formatMoment } from '@/lib/format';
import { i18next } from '@/i18n';

/** What staff decide on: a sign-up (accepted or declined) or a profile edit request (approved or declined). */
export type DecidedThing = 'signUp' | 'editRequest';

/** First-strong isolate: a Latin login name or a time keeps its own direction in a Persian sentence. */
const isolated = (text: string) => `\u2068${text}\u2069`;

type Words = (values: { who: string; at: string }) => string;
const t = (values: { who: string; at: string }) => ({ ns: 'admin' as const, ...values });
/** The sentence of each decision a colleague made first, by the state it left the thing in. */
const SENTENCES: Record<DecidedThing, Record<string, Words | undefined>> = {
  signUp: {
    accepted: (v) => i18next.t('decision.decidedFirst.signUp.accepted', t(v)),
    declined: (v) => i18next.t('decision.decidedFirst.signUp.declined', t(v)),
  },
  editRequest: {
    approved: (v) => i18next.t('decision.decidedFirst.editRequest.approved', t(v)),
    declined: (v) => i18next.t('decision.decidedFirst.editRequest.declined', t(v)),
  },
};

/**
 * A decision refused because a colleague decided first, said with who and when, the time in the reader's own
 * zone and calendar (decision 3911); any other failure, or one whose details this screen has no words for, is
 * the server's description.
 */
export function decidedFirstWords(error: ApiError, thing: DecidedThing): string {
  const details = error.details;
  const said = details ? SENTENCES[thing][details.state] : undefined;
  if (!details || !said) return error.description;
  return said({ who: isolated(details.decidedBy), at: isolated(formatMoment(details.decidedAt)) });
}

/** Who decided and when, as a detail screen says it; null while undecided. */
export function decidedByWords(decidedBy: string | null | undefined, decidedAt: string | null | undefined) {
  if (!decidedBy || !decidedAt) return null;
  return i18next.t('detail.decidedBy', {
    ns: 'admin',
    who: isolated(decidedBy),
    at: isolated(formatMoment(decidedAt)),
  });
}
