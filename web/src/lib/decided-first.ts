/**
 * A decision refused because a decision was made first, said with who and when (decisions 3911, 3916, 3922):
 * the sentence the server says too, from the one catalogue both read (contract/validation-messages.json and its
 * Persian), chosen by the lifecycle and the state the decision left, under the catalogue keys the table names
 * (contract/decided-first.json), with the time in the reader's own zone and calendar (the server's description
 * says it in UTC). The reader's own decision (a second tab, a double submit) is said to them as theirs. A price quoted
 * meanwhile that refused a quote is named, per container, as the app writes money in the reader's language.
 */
import table from '../../../contract/decided-first.json';
import { type ApiError, sayRefusalsWith } from './api-client';
import { formatMoment, formatMoney } from './format';
import { message, type MessageKey } from './messages';

type Machines = Record<string, { thing: string; states: Record<string, string | undefined> } | undefined>;
const MACHINES: Machines = table.machines;
/** The outcomes whose sentence names the price a refusal carries (`details.price`). */
const PRICED: readonly string[] = table.priced;

/** The catalogue key a table's key template names, its `{name}` filled. */
const key = (template: string, name: 'outcome' | 'thing', value: string) =>
  template.replace(`{${name}}`, value) as MessageKey;

/** First-strong isolate: a Latin login name or a time keeps its own direction in a Persian sentence. */
export const isolated = (text: string) => `\u2068${text}\u2069`;

/** The refusal's sentence naming who decided (or saying it was the reader) and the time, and the price it now
 * stands at where a price quoted meanwhile refused it (`details.price`); null where it
 * carries no such details, or details of a decision the table names no sentence for (then the server's
 * description stands). */
export function decidedFirstWords(error: Pick<ApiError, 'details'>): string | null {
  const details = error.details;
  const said = details ? MACHINES[details.machine] : undefined;
  const outcome = details && said ? said.states[details.state] : undefined;
  if (!details || !said || !outcome) return null;
  const thing = message(key(table.sentences.thing, 'thing', said.thing));
  const at = isolated(formatMoment(details.decidedAt));
  const priced = details.price != null && PRICED.includes(outcome);
  const price = priced ? formatMoney(details.price) : '';
  const { byYou, byColleague, byYouAtPrice, byColleagueAtPrice } = table.sentences;
  if (details.decidedByYou)
    return message(key(priced ? byYouAtPrice : byYou, 'outcome', outcome), { thing, at, price });
  const who = isolated(details.decidedBy);
  return message(key(priced ? byColleagueAtPrice : byColleague, 'outcome', outcome), { who, thing, at, price });
}

// Every screen that imports this module says such refusals so (`errorText`).
sayRefusalsWith(decidedFirstWords);
