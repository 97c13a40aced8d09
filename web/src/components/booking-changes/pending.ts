/**
 * Whether a booking has a change awaiting a decision: an amendment asked and not decided (staff's own ask,
 * still awaiting the customer's amendment, is not one), or a cancellation request still open. The server's
 * `change_pending` (domain/booking/booking_changes.py), read from the lifecycle files' final states.
 */
import { isFinal } from '@/lib/lifecycle';
import type { BookingChanges } from './types';

export function changePending(changes: BookingChanges | undefined): boolean {
  const amendment = changes?.amendment ?? null;
  const cancellation = changes?.cancellation ?? null;
  const amending =
    amendment !== null && amendment.stateName !== 'asked' && !isFinal('booking_amendment', amendment.stateName);
  return amending || (cancellation !== null && !isFinal('booking_cancellation', cancellation.stateName));
}
