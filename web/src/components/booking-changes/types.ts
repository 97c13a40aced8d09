/**
 * The amendment and cancellation views (api/schemas/booking_changes.py) the customer's and the staff's screens
 * share, as the server's OpenAPI document declares them.
 */
import type { Schema } from '@/types/contract';

export type FieldChange = Schema<'FieldChange'>;
export type AmendmentView = Schema<'AmendmentView'>;
export type CancellationView = Schema<'CancellationView'>;
export type BookingChanges = Schema<'BookingChanges'>;
export type OpenChange = Schema<'OpenChange'>;
