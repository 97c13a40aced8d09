/** Wire shapes of api/schemas/booking_changes.py, shared by the customer's and the staff's screens. */
export interface FieldChange {
  field: string;
  label: string;
  original: unknown;
  amended: unknown;
  changed: boolean;
}

interface ChangeBase {
  number: number;
  state: number;
  stateName: string;
  requestedAt: string;
  updatedAt: string;
  message: string | null;
}

export interface AmendmentView extends ChangeBase {
  fields: FieldChange[];
  changesPrice: boolean;
  price: number | null;
  validUntil: string | null;
}

export interface CancellationView extends ChangeBase {
  reason: string | null;
}

export interface BookingChanges {
  amendment: AmendmentView | null;
  cancellation: CancellationView | null;
}

export interface OpenChange {
  kind: 'amendment' | 'cancellation';
  rateRequest: { id: string; cargoDetails: string; customerName: string };
  change: AmendmentView | CancellationView;
}
