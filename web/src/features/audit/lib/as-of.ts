/** Which point of an aggregate's history the state panel shows, as it sits in the timeline's URL. */
import { localDateTimeToIso } from './filters';

/** A store position, or an ISO instant. */
export type AsOf = { position: number } | { at: string };

/** ?position=N (a whole number from 1) wins over ?at=<datetime-local>; anything else means no panel. */
export function asOfFromSearchParams(params: URLSearchParams): AsOf | null {
  const raw = params.get('position');
  if (raw !== null && /^\d+$/.test(raw.trim())) {
    const position = Number(raw);
    if (Number.isSafeInteger(position) && position >= 1) return { position };
  }
  const at = localDateTimeToIso(params.get('at') ?? '');
  return at ? { at } : null;
}
