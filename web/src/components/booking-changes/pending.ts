/**
 * Whether a booking has a change awaiting a decision: an amendment asked and not decided (staff's own ask,
 * still awaiting the customer's amendment, is not one), or a cancellation request still open. The server's
 * `change_pending` (domain/booking/booking_changes.py), read from the lifecycle files' final states.
 */
import { isFinal } from '@/lib/lifecycle';
import type { AmendmentView, BookingChanges } from './types';

export function changePending(changes: BookingChanges | undefined): boolean {
  const amendment = changes?.amendment ?? null;
  const cancellation = changes?.cancellation ?? null;
  const amending =
    amendment !== null && amendment.stateName !== 'asked' && !isFinal('booking_amendment', amendment.stateName);
  return amending || (cancellation !== null && !isFinal('booking_cancellation', cancellation.stateName));
}

/** `loading_port_kept_once_sailed` (state-machines/booking_amendment.json, decision 3858): the amendment keeps
 * the booking's port of loading, or the vessel has not left with its cargo (`cargoSailedAt`). */
export function keepsLoadingPortOnceSailed(amendment: AmendmentView, cargoSailedAt: string | null): boolean {
  return cargoSailedAt === null || !amendment.fields.some((f) => f.field === 'pol_id' && f.changed);
}
