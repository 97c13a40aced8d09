/**
 * A decision refused because a colleague decided first, said with who and when (decisions 3911, 3916): the
 * sentence the server says too, from the one catalogue both read (contract/validation-messages.json and its
 * Persian), chosen by the lifecycle and the state the colleague's decision left (contract/decided-first.json),
 * with the time in the reader's own zone and calendar (the server's description says it in UTC).
 */
import table from '../../../contract/decided-first.json';
import { type ApiError, sayRefusalsWith } from './api-client';
import { formatMoment } from './format';
import { message, type MessageKey } from './messages';

type Machines = Record<string, { thing: string; states: Record<string, string | undefined> } | undefined>;
const MACHINES: Machines = table.machines;

/** First-strong isolate: a Latin login name or a time keeps its own direction in a Persian sentence. */
export const isolated = (text: string) => `\u2068${text}\u2069`;

/** The refusal's sentence naming the colleague and the time; null where it carries no such details, or
 * details of a decision the table names no sentence for (then the server's description stands). */
export function decidedFirstWords(error: Pick<ApiError, 'details'>): string | null {
  const details = error.details;
  const said = details ? MACHINES[details.machine] : undefined;
  const outcome = details && said ? said.states[details.state] : undefined;
  if (!details || !said || !outcome) return null;
  return message(`staff.decidedFirst.${outcome}` as MessageKey, {
    who: isolated(details.decidedBy),
    thing: message(`staff.decidedFirst.thing.${said.thing}` as MessageKey),
    at: isolated(formatMoment(details.decidedAt)),
  });
}

// Every screen that imports this module says such refusals so (`errorText`).
sayRefusalsWith(decidedFirstWords);
