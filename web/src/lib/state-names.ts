/**
 * The state names of the two lifecycles the customer's booking screens route on, as types: the names of
 * state-machines/rate_request.json and shipping_order.json (JSON imports widen them to `string`, so they are
 * written here once). Code names a state only through these types, so a name removed or renamed here fails tsc
 * wherever it is named; state-names.test.ts holds each list to its file, so a state renamed, removed or added
 * there fails the test until this list follows it.
 */
export const RATE_REQUEST_STATES = [
  'requested',
  'quoted',
  'revision_requested',
  'loi_pending',
  'shipping_order',
  'completed',
  'rejected_by_admin',
  'rejected_by_client',
  'price_expired',
  'cancelled',
] as const;
export type RateRequestState = (typeof RATE_REQUEST_STATES)[number];

export const SHIPPING_ORDER_STATES = [
  'submitted',
  'revision_requested',
  'update_received',
  'ready_for_approval',
  'approved',
  'issued',
  'cancelled',
  'declined',
] as const;
export type ShippingOrderState = (typeof SHIPPING_ORDER_STATES)[number];

/** The typed state names of a machine: those above for the two, any string for the machines not typed yet. */
export type StateNameOf<M extends string> = M extends 'rate_request'
  ? RateRequestState
  : M extends 'shipping_order'
    ? ShippingOrderState
    : string;

/** Whether `name` (as the API sends it: an order's `statusName`) is one of the order states this page knows. */
export function isShippingOrderState(name: string | null | undefined): name is ShippingOrderState {
  return (SHIPPING_ORDER_STATES as readonly (string | null | undefined)[]).includes(name);
}
