/**
 * The tracking progress in words, in the language shown. The server's `summary` is English; in Persian the
 * line is worded here from the values beside it (stage, vessel, ports, estimated arrival, delay), with the
 * day in the Solar Hijri calendar and Persian digits; the vessel's and ports' names stay as the reference
 * data writes them, isolated so they do not scramble the sentence. A booking that ended (`ended`, decision
 * 3831) is said as its last milestone and that tracking stopped, forecasting nothing. Staff, who read every
 * event of a booking that ended, are told that it ended, when and how (`endedWords`, decision 3836).
 */
import { currentLanguage, i18next } from '@/i18n';
import type { Language } from '@/i18n';
import { formatDate, portDay } from '@/lib/format';
import { label } from '@/lib/lifecycle';
import type { components } from '@/types/api';

type Progress = components['schemas']['TrackingProgress'];

const STAGES = [
  'gated-in',
  'loaded',
  'departed',
  'arrived',
  'discharged',
  'gated-out',
  'available',
  'picked-up',
  'delivered',
] as const;
type Stage = (typeof STAGES)[number];
const BEFORE_ARRIVAL = new Set<string | null>(['gated-in', 'loaded', 'departed', null]);
const FSI = '\u2068';
const PDI = '\u2069';

function isStage(stage: string | null): stage is Stage {
  return stage !== null && (STAGES as readonly string[]).includes(stage);
}

function lateness(hours: number): string {
  if (Math.abs(hours) < 1) return i18next.t('progressWords.onTime');
  const late = hours > 0;
  if (Math.abs(hours) < 24) {
    // Half up, as the server's words round (domain/tracking/position.py `whole_hours`).
    const count = Math.round(Math.abs(hours));
    return i18next.t(late ? 'progressWords.hoursLate' : 'progressWords.hoursEarly', { count });
  }
  const count = Math.round(Math.abs(hours) / 24);
  return i18next.t(late ? 'progressWords.daysLate' : 'progressWords.daysEarly', { count });
}

export function progressWords(progress: Progress, language: Language = currentLanguage()): string {
  if (language !== 'fa' || (progress.stage !== null && !isStage(progress.stage))) return progress.summary;
  const named = (text: string) => `${FSI}${text}${PDI}`;
  if (progress.ended && !isStage(progress.stage)) return i18next.t('progressWords.endedBeforeAny');
  let words = i18next.t('progressWords.waiting');
  if (isStage(progress.stage)) {
    const place = progress.stagePortName ?? progress.stagePort;
    words = i18next.t(`progressWords.stages.${progress.stage}`, {
      port: place ? named(place) : i18next.t('progressWords.unnamedPlace'),
      vessel: progress.vesselName ? named(progress.vesselName) : i18next.t('progressWords.theVessel'),
      interpolation: { escapeValue: false },
    });
  }
  if (progress.ended) return words + i18next.t('progressWords.ended');
  if (progress.estimatedArrival && BEFORE_ARRIVAL.has(progress.stage)) {
    const place = progress.arrivalPortName ?? progress.arrivalPort;
    words += i18next.t('progressWords.arriving', {
      port: place ? named(place) : i18next.t('progressWords.itsPort'),
      // The day at the port it arrives at, as the server's summary and the timeline write it.
      day: progress.arrivalDay ? portDay(progress.arrivalDay) : formatDate(progress.estimatedArrival),
      interpolation: { escapeValue: false },
    });
    if (progress.arrivalDelayHours !== null) words += lateness(progress.arrivalDelayHours);
  }
  return words;
}

/** How and when a booking ended, as the server says it beside its tracking (decision 3836). */
export interface BookingEnd {
  bookingEndedAs?: string | null;
  bookingEndedAt?: string | null;
}

/**
 * "Booking ended 2026/12/01: Cancelled", in the language shown (the day in its calendar, the final state by the
 * lifecycle's own label); null while the booking is live.
 */
export function endedWords(end: BookingEnd, language: Language = currentLanguage()): string | null {
  if (!end.bookingEndedAs) return null;
  const how = label('rate_request', end.bookingEndedAs, null, language) || end.bookingEndedAs;
  return end.bookingEndedAt
    ? i18next.t('progressWords.bookingEnded', { day: formatDate(end.bookingEndedAt, language), how, lng: language })
    : i18next.t('progressWords.bookingEndedUndated', { how, lng: language });
}
