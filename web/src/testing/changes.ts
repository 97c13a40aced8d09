import type { AmendmentView, FieldChange } from '@/components/booking-changes';

/** One field of an amendment as the server shows it (`changed` when the values differ). */
export function fieldChange(field: string, label: string, original: unknown, amended: unknown): FieldChange {
  return { field, label, original, amended, changed: original !== amended } as FieldChange;
}

/** An amendment the customer asked for and staff have not decided, unpriced: each test gives its fields. */
export function requestedAmendment(overrides: Partial<AmendmentView> = {}): AmendmentView {
  return {
    number: 1,
    state: 0,
    stateName: 'requested',
    requestedAt: '2026-12-02T15:32:00Z',
    updatedAt: '2026-12-02T15:32:00Z',
    message: null,
    askedFor: null,
    changesPrice: false,
    price: null,
    totalPrice: null,
    validUntil: null,
    charges: [],
    fields: [],
    ...overrides,
  };
}
