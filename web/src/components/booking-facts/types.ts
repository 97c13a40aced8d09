/**
 * The booking facts the customer's screens and the staff console both show (issue 14: the same fields and
 * labels on both sides). Structural, so each feature passes its own wire type; kept small so the generated
 * API types can replace it.
 */
export interface Named {
  name: string;
}

export interface FactsRequest {
  reference?: string | null;
  customerName: string;
  commodity: string;
  hsCode: string;
  pol: Named;
  pod: Named;
  containerType: Named;
  containerSize: Named;
  quantity: number;
  price: number | null;
  validUntil: string | null;
  preferredShippingDate: string;
  isDanger: boolean;
  msds: string | null;
  additionalComment?: string | null;
  bookingRequest: { documents: { documentTypeId: number; documentType: string; fileId: string }[] } | null;
}

export interface FactsParty {
  name: string;
  address: string;
  phoneNumber: string;
  fax: string | null;
  partyType: number;
  isForSwbl: boolean;
}

export interface FactsContainer {
  containerId: number;
  containerNumber?: string | null;
  seal: string;
  count: number;
  grossWeight: number;
  netWeight: number;
}

export interface FactsOrder {
  cargoDescription: string | null;
  freightType: number | null;
  isSWBL: boolean | null;
  imcoClass: string | number | null;
  unNumber: string | number | null;
  temprature: number | string | null;
  humidity: number | string | null;
  hasVentilation: boolean | null;
  parties: FactsParty[];
  containers: FactsContainer[];
}
