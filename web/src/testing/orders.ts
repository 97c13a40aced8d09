import type { ShippingOrder } from '@/features/booking/api/booking-api';

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
      },
      { containerId: 8, containerNumber: null, seal: 'S2', count: 5, type: 1, grossWeight: 1000, netWeight: 900 },
    ],
    revise: {},
    editedOrder: null,
    createdAt: '2026-11-02T00:00:00.000000Z',
    updatedAt: '2026-11-02T00:00:00.000000Z',
    ...overrides,
  };
}
