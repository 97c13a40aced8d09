/** Wire shapes of the booking API (api/routers/booking.py, projections/booking.py). */
export interface Option {
  id?: number;
  name: string;
  value: number;
}

export interface Listed<T> {
  list: { list: T[]; totalCount: number };
}

export interface Party {
  name: string;
  address: string;
  phoneNumber: string;
  fax: string | null;
  /** 0 supplier, 1 consignee, 2 notify party. */
  partyType: number;
  isForSwbl: boolean;
}

export interface ContainerEntry {
  containerId: number;
  containerNumber?: string | null;
  seal: string;
  count: number;
  type: number;
  grossWeight: number;
  netWeight: number;
}

/** Order fields with the spec's wire spelling (`temprature`); freightType on the wire: 1 Collect, 2 Prepaid. */
export interface OrderFields {
  isSWBL: boolean | null;
  freightType: number | null;
  cargoDescription: string | null;
  imcoClass: string | number | null;
  unNumber: string | number | null;
  temprature: number | string | null;
  humidity: number | string | null;
  hasVentilation: boolean | null;
}

export interface ShippingOrder extends OrderFields {
  id: string;
  rateRequestId: string;
  status: number;
  statusName: string;
  parties: Party[];
  containers: ContainerEntry[];
  revise: Record<string, string>;
  editedOrder: Partial<OrderFields> | null;
}

/** Whose move it is (issue 14), derived by the server from the lifecycle files; null when nothing is left. */
export type WaitingFor = 'customer' | 'staff' | null;

export interface RateRequestRow {
  id: string;
  /** The human booking reference, `FB-2026-000123` (issue 14; absent from servers before it). */
  reference?: string | null;
  waitingFor?: WaitingFor;
  commodity: string;
  hsCode: string;
  quantity: number;
  state: number;
  stateName: string;
  orderState: number | null;
  polTitle: string | null;
  podTitle: string | null;
  cargoDetails: string;
  price: number | null;
  validUntil: string | null;
  preferredShippingDate: string;
  containerType: string;
  containerSize: string;
  customerName: string;
  createdAt: string;
  /** Made through the DCSA Booking API (/v2/bookings) rather than the screens. */
  viaApi?: boolean;
}

export interface RateRequestDetail extends Omit<RateRequestRow, 'containerType' | 'containerSize'> {
  customerId: string;
  pol: Option;
  pod: Option;
  /** value 2 is refrigerated. */
  containerType: Option;
  containerSize: Option;
  isSwbl: boolean;
  isSWBL: boolean;
  isDanger: boolean;
  msds: string | null;
  additionalComment: string | null;
  revisionMessage: string | null;
  rejectionMessage: string | null;
  bookingRequest: { documents: { documentTypeId: number; documentType: string; fileId: string }[] } | null;
  order: ShippingOrder | null;
}

export interface DocumentType {
  id: number;
  name: string;
  value: number;
  templateUrl: string;
}

export interface RateRequestPayload {
  commodity: string;
  hsCode: string;
  preferredShippingDate: string;
  isSwbl: boolean;
  quantity: number;
  isDanger: boolean;
  msds: string | null;
  additionalComment: string;
  polId: number;
  podId: number;
  containerSizeId: number;
  containerTypeId: number;
}

export const REEFER_TYPE_VALUE = 2;
export const BOX_PACKAGE = 1;
