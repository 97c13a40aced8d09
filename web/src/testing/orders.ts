import type { RateRequestDetail, ShippingOrder } from '@/features/booking/api/booking-api';

/** A reefer order of pistachios awaiting staff's approval, as the server answers it (one supplier, two
 *  containers, the second without a number): each test overrides what it is about. */
export function shippingOrder(overrides: Partial<ShippingOrder> = {}): ShippingOrder {
  return {
    id: 'so-1',
    rateRequestId: 'rr-1',
    status: 2,
    statusName: 'ready_for_approval',
    statusLabel: 'Ready For Approval',
    isSWBL: false,
    freightType: 2,
    cargoDescription: 'Roasted pistachios in boxes',
    imcoClass: null,
    unNumber: null,
    temprature: -18,
    humidity: 60,
    hasVentilation: true,
    parties: [
      { name: 'Pars Nuts', address: 'Tehran', phoneNumber: '09120000000', fax: null, partyType: 0, isForSwbl: false },
    ],
    containers: [
      {
        containerId: 7,
        containerNumber: 'MSCU1234565',
        seal: 'S1',
        count: 10,
        type: 1,
        grossWeight: 1987,
        netWeight: 1800,
        packageCode: 'BX',
        packageDescription: null,
      },
      {
        containerId: 8,
        containerNumber: null,
        seal: 'S2',
        count: 5,
        type: 1,
        grossWeight: 1000,
        netWeight: 900,
        packageCode: 'BX',
        packageDescription: null,
      },
    ],
    revise: {},
    editedOrder: null,
    declineMessage: null,
    createdAt: '2026-11-02T00:00:00.000000Z',
    updatedAt: '2026-11-02T00:00:00.000000Z',
    ...overrides,
  };
}

/** A two-container reefer booking from Shanghai to Hamburg, quoted instantly from the tariff, with the order
 *  above: each test overrides what it is about. */
export function rateRequestDetail(overrides: Partial<RateRequestDetail> = {}): RateRequestDetail {
  // The row's order state follows the order given (its code and, since codes may be shared, its name).
  const order = 'order' in overrides ? (overrides.order ?? null) : shippingOrder();
  return {
    id: 'rr-1',
    customerId: 'c-1',
    customerName: 'Sara Tehrani',
    customerAddress: 'No. 7, Hafez St, Shiraz',
    customerPostalCode: '7134845791',
    viaApi: false,
    commodity: 'Pistachios',
    hsCode: '080251',
    quantity: 2,
    state: 3,
    stateName: 'shipping_order',
    orderState: order?.status ?? null,
    orderStateName: order?.statusName ?? null,
    pol: { id: 1, name: 'Shanghai (CNSHA)', value: 1 },
    pod: { id: 2, name: 'Hamburg (DEHAM)', value: 2 },
    polTitle: 'Shanghai (CNSHA)',
    podTitle: 'Hamburg (DEHAM)',
    containerType: { id: 2, name: 'Refrigerated', value: 2 },
    containerSize: { id: 2, name: '40', value: 2 },
    cargoDetails: '2 x 40ft Reefer',
    price: 1250.5,
    validUntil: null,
    preferredShippingDate: '2026-12-01',
    isSwbl: false,
    isSWBL: false,
    isDanger: false,
    msds: null,
    msdsFileName: null,
    reference: null,
    waitingFor: null,
    additionalComment: null,
    revisionMessage: null,
    rejectionMessage: null,
    bookingRequest: null,
    createdAt: '2026-11-01T00:00:00.000000Z',
    updatedAt: '2026-11-02T00:00:00.000000Z',
    charges: [
      { code: 'ocean_freight', name: 'Ocean freight', amount: 1000, per: 'container' },
      { code: 'baf', name: 'Bunker adjustment (BAF)', amount: 250.5, per: 'container' },
      { code: 'documentation_fee', name: 'Documentation fee', amount: 45, per: 'booking' },
    ],
    totalPrice: 2546,
    quotedBy: 'system',
    tariffVersion: 3,
    tariffRow: 7,
    order,
    ...overrides,
  };
}
