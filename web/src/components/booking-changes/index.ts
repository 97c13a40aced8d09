export { amendedPrice, amendedQuantity } from './amended-price';
export { ChangeDiff } from './change-diff';
export { changePending, keepsLoadingPortOnceSailed } from './pending';
export type { AmendmentView, BookingChanges, CancellationView, FieldChange, OpenChange } from './types';
export { default as changeStyles } from './booking-changes.module.css';
