import { describe, expect, it } from 'vitest';
import names from '../../../../../contract/reference-names.json';
import { containerField, fieldName } from '@/lib/order-fields';
import { equipmentName } from '@/lib/reference-names';
import { readInPersian } from '@/testing/language';
import { rateRequestDetail } from '@/testing/orders';
import { renderReport, requestedId } from './report';

const detail = rateRequestDetail();

/** A named sailing from Shanghai to Chabahar, its documentation cut-off three days before it departs. */
const sailing = {
  serviceCode: 'PGX',
  serviceName: 'Persian Gulf Express',
  vesselName: 'Kharg Star',
  vesselIMONumber: '9321483',
  voyage: '2407W',
  importVoyage: '2407W',
  portOfLoading: 'CNSHA',
  portOfDischarge: 'IRZBR',
  departure: '2026-12-11T08:00:00Z',
  arrival: '2027-01-01T08:00:00Z',
  transitDays: 21,
  cutOffs: [{ code: 'DCO', name: 'Shipping instructions (documentation)', at: '2026-12-08T08:00:00Z' }],
  routingReference: 'PGX::a::b',
  estimated: false,
};

const booked = {
  sailing,
  previous: null,
  chosenBy: 'customer' as const,
  remindersSent: [],
  orderSubmittedAt: null,
  orderLate: false,
};

/** An order whose lines the shipper declared through the DCSA door: bags by their code (BG), and crates by
 * words alone (a kind the catalogue lacks). */
function declaredKinds() {
  const [bags, crates] = detail.order!.containers;
  const containers = [
    { ...bags, type: 2, packageCode: 'BG', packageDescription: 'Sacs' },
    { ...crates, type: null, packageCode: null, packageDescription: 'Crates of tiles' },
  ];
  return { ...detail, order: { ...detail.order!, containers } };
}

/** The containers table's "Type of packages" cells (each labelled by its column, in the language shown). */
function packageCells(root: HTMLElement): string[] {
  const label = fieldName('containerFields', containerField('type'));
  return [...root.querySelectorAll(`tbody td[data-label="${label}"]`)].map((td) => td.textContent ?? '');
}

describe('shipping order report', () => {
  it('is the draft bill of lading once staff accept the order, and the bill of lading once issued', () => {
    const root = document.createElement('main');
    renderReport(root, detail);
    expect(root.querySelector('h1')?.textContent).toBe('Draft Bill of Lading');
    expect(root.textContent).toContain(`Bill of lading BL-${detail.reference ?? detail.id} (draft)`);
    renderReport(root, { ...detail, order: { ...detail.order!, status: 4, statusName: 'issued' } });
    expect(root.querySelector('h1')?.textContent).toBe('Bill of Lading');
    renderReport(root, { ...detail, order: { ...detail.order!, status: 0, statusName: 'submitted' } });
    expect(root.querySelector('h1')?.textContent).toBe('Shipping Order Report');
  });

  it("says an order its customer updated is so, not a fresh submission (both are the specification's code 0)", () => {
    const root = document.createElement('main');
    const order = { ...detail.order!, status: 0, statusName: 'update_received', statusLabel: 'Update Received' };
    renderReport(root, { ...detail, order });
    expect(root.querySelector('h1')?.textContent).toBe('Shipping Order Report');
    expect(root.textContent).toContain('Update Received');
  });

  it('shows the rate request, the order, its parties and container totals', () => {
    const root = document.createElement('main');
    renderReport(root, detail);
    const text = root.textContent ?? '';
    expect(text).toContain('Shanghai (CNSHA)');
    // Money and days as the screens show them; never the bare "USD" amount of before.
    expect(text).toContain('Price per container$1,250.50');
    // The booking's total counts the per-booking documentation fee once; the charges are listed.
    expect(text).toContain('Total for 2$2,546.00');
    const charges = [...root.querySelectorAll('table')][0];
    expect([...charges.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual([
      'Ocean freightper container$1,000.00',
      'Bunker adjustment (BAF)per container$250.50',
      'Documentation feeper booking$45.00',
    ]);
    // Its basis adds up to the amount: the per-booking fee is named beside the price times the containers.
    expect(charges.querySelector('tfoot')?.textContent).toBe(
      'Total2 × $1,250.50 per container + $45.00 per booking$2,546.00',
    );
    // The customer's report: where the price came from, not the tariff's version and row (staff's bookkeeping).
    expect(text).toContain("Quoted instantly from the carrier's tariff");
    expect(text).not.toContain('row 7');
    expect(text).toContain('Preferred shipping date2026/12/01');
    expect(text).not.toContain('USD');
    expect(text).toContain('40 Refrigerated');
    expect(text).toContain('Ready For Approval');
    expect(text).toContain('Prepaid');
    expect(text).toContain('Shipper');
    // Units as the one field list gives them.
    expect(text).toContain('Temperature-18 °C');
    expect(text).toContain('Humidity60 %');
    expect(text).toContain('Gross weight (kg)');
    const foot = [...[...root.querySelectorAll('tfoot')].at(-1)!.querySelectorAll('td')].map((td) => td.textContent);
    // Weights grouped as amounts are.
    expect(foot).toEqual(['Total', '2 containers', '15', '', '2,987', '2,700']);
    // A container without a number shows its id.
    expect([...root.querySelectorAll('tbody td')].map((td) => td.textContent)).toContain('8');
  });

  it('labels a totals row as totals on a narrow screen, never as a container number, a seal or a charge', () => {
    // On a phone each row is a card of "column: value" lines (report.css): a cell's label is its data-label.
    const root = document.createElement('main');
    const one = { ...detail, order: { ...detail.order!, containers: detail.order!.containers.slice(0, 1) } };
    renderReport(root, one);
    const [charges, containers] = [...root.querySelectorAll('tfoot tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => [td.dataset.label ?? null, td.textContent]),
    );
    const [container] = one.order.containers;
    expect(containers).toEqual([
      [null, 'Total'],
      [null, '1 container'],
      ['Number of packages', String(container.count)],
      [null, ''],
      ['Gross weight (kg)', container.grossWeight?.toLocaleString('en-US')],
      ['Net weight (kg)', container.netWeight?.toLocaleString('en-US')],
    ]);
    expect(charges).toEqual([
      [null, 'Total'],
      [null, '2 × $1,250.50 per container + $45.00 per booking'],
      ['Amount', '$2,546.00'],
    ]);
  });

  it("says each container's kind of package as its shipper declared it (decision 3871)", () => {
    const root = document.createElement('main');
    renderReport(root, declaredKinds());
    expect(packageCells(root)).toEqual(['Bags', 'Crates of tiles']);
    renderReport(root, detail);
    expect(packageCells(root)).toEqual(['Boxes', 'Boxes']);
  });

  it('names no per-booking charge in the total when the price has none', () => {
    const root = document.createElement('main');
    const perContainer = detail.charges.filter((c) => c.per === 'container');
    renderReport(root, { ...detail, charges: perContainer, totalPrice: 2501 });
    const total = [...root.querySelectorAll('tfoot')][0].querySelectorAll('td');
    expect([...total].map((td) => td.textContent)).toEqual(['Total', '2 × $1,250.50 per container', '$2,501.00']);
  });

  it("carries the transport plan and the cut-offs of the booking's sailing", () => {
    const root = document.createElement('div');
    renderReport(root, detail, booked);
    const text = root.textContent ?? '';
    expect(text).toContain('Transport Plan');
    expect(text).toContain('Kharg Star (IMO 9321483)');
    expect(text).toContain('2407W');
    expect(text).toContain('21 days');
    expect(text).toContain('Shipping instructions (documentation)2026/12/08 08:00 UTC');
    renderReport(root, detail);
    expect(root.textContent).not.toContain('Transport Plan');

    // With its ports known: their names, and each time at its port with the zone, as the booking's screen.
    const places = new Map([
      ['CNSHA', { code: 'CNSHA', name: 'Shanghai', timeZone: 'Asia/Shanghai' }],
      ['IRZBR', { code: 'IRZBR', name: 'Chabahar', timeZone: 'Asia/Tehran' }],
    ]);
    renderReport(root, detail, booked, places);
    const placed = root.textContent ?? '';
    expect(placed).toContain('Shanghai (CNSHA)2026/12/11 16:00 local time (UTC+08:00)');
    expect(placed).toContain('Chabahar (IRZBR)2027/01/01 11:30 local time (UTC+03:30)');
    expect(placed).toContain('Shipping instructions (documentation)2026/12/08 16:00 local time (UTC+08:00)');
  });

  // The booking's screen reads a sailing its vessel left, or of a booking that ended, as past (decisions 3852,
  // 3853): so does its printed document.
  it('carries the vessel the tracking saw leave and when it left, and no cut-offs, once it departed', () => {
    const root = document.createElement('main');
    const places = new Map([['CNSHA', { code: 'CNSHA', name: 'Shanghai', timeZone: 'Asia/Shanghai' }]]);
    const departed = { at: '2026-12-12T02:30:00Z', vesselName: 'Kharg Pearl', port: 'CNSHA' };
    renderReport(root, detail, { ...booked, departed }, places);
    const headings = [...root.querySelectorAll('h2')].map((h) => h.textContent);
    expect(headings).toContain('The sailing it left on');
    expect(headings).not.toContain('Cut-offs');
    const plan = root.querySelectorAll('table')[0];
    const cells = (row: Element | null) => [...(row?.children ?? [])].map((cell) => cell.textContent);
    expect(cells(plan.querySelector('thead tr'))).toContain('ATD');
    expect(cells(plan.querySelector('thead tr'))).not.toContain('ETD');
    const row = cells(plan.querySelector('tbody tr'));
    // Another vessel than the plan's: not the plan's IMO number.
    expect(row[0]).toBe('Kharg Pearl');
    expect(row[4]).toBe('2026/12/12 10:30 local time (UTC+08:00)');
    expect(root.textContent).not.toContain('Shipping instructions (documentation)');

    // An estimate its tracking named no vessel for: not "to be named" after it left.
    const estimate = { ...sailing, estimated: true, vesselName: null, vesselIMONumber: null };
    renderReport(root, detail, { ...booked, sailing: estimate, departed: { ...departed, vesselName: null } });
    expect(cells(root.querySelector('table tbody tr'))[0]).toBe('-');
    expect(root.textContent).not.toContain('To be named');
    // The plan's vessel left: its IMO number stays.
    renderReport(root, detail, { ...booked, departed: { ...departed, vesselName: 'Kharg Star' } });
    expect(cells(root.querySelector('table tbody tr'))[0]).toBe('Kharg Star (IMO 9321483)');
  });

  it('carries what an ended booking was booked on, without cut-offs, whatever its tracking saw', () => {
    const root = document.createElement('main');
    const departed = { at: '2026-12-12T02:30:00Z', vesselName: 'Kharg Pearl', port: 'CNSHA' };
    // 8: cancelled (state-machines/rate_request.json), a `closed` screen.
    renderReport(root, { ...detail, state: 8 }, { ...booked, departed });
    const headings = [...root.querySelectorAll('h2')].map((h) => h.textContent);
    expect(headings).toContain('The sailing it was booked on');
    expect(headings).not.toContain('Cut-offs');
    expect(root.textContent).toContain('Kharg Star (IMO 9321483)');
    expect(root.textContent).not.toContain('Kharg Pearl');
    expect(root.textContent).toContain('ETD');
  });

  it('says an estimate staff may still name a vessel for is to be named, and one nobody may name is not named', () => {
    const root = document.createElement('main');
    const estimate = { ...booked, sailing: { ...sailing, estimated: true, vesselName: null, vesselIMONumber: null } };
    const vessel = () => root.querySelector('table tbody tr td')?.textContent;
    // 3: shipping_order, whose sailing staff may still change (state-machines/rate_request.json).
    renderReport(root, { ...detail, state: 3 }, estimate);
    expect(vessel()).toBe('To be named');
    // 4: completed, whose sailing nobody may change: its vessel will not be named on the portal.
    renderReport(root, { ...detail, state: 4 }, estimate);
    expect(vessel()).toBe('Not named');
    expect(root.textContent).toContain('Transport Plan (estimated)');
  });

  it('dates an issued bill of lading as the standard does: its day of issue and its one date', () => {
    const root = document.createElement('main');
    const issued = { ...detail, order: { ...detail.order!, status: 4, statusName: 'issued' } };
    const bill = {
      reference: `BL-${detail.reference}`,
      status: 'ISSUED' as const,
      vesselName: 'KARUN',
      issueDate: '2026-11-25',
      shippedOnBoardDate: '2026-11-22',
      receivedForShipmentDate: null,
    };
    const lead = () => root.querySelector('h1 + p + dl')?.textContent;
    renderReport(root, issued, null, new Map(), bill);
    expect(lead()).toBe('Issued2026/11/25Shipped on board2026/11/22');
    renderReport(root, issued, null, new Map(), {
      ...bill,
      shippedOnBoardDate: null,
      receivedForShipmentDate: '2026-11-20',
    });
    expect(lead()).toBe('Issued2026/11/25Received for shipment2026/11/20');
    // A draft has no dates yet.
    renderReport(root, detail, null, new Map(), {
      ...bill,
      status: 'DRAFT',
      issueDate: null,
      shippedOnBoardDate: null,
    });
    expect(lead()).toBeUndefined();
    expect(root.textContent).not.toContain('Issued');
  });

  it('says so when there is no order yet', () => {
    const root = document.createElement('main');
    renderReport(root, { ...detail, order: null, price: null, charges: [], totalPrice: null, quotedBy: null });
    expect(root.textContent).toContain('No shipping order yet.');
    expect(root.querySelector('dl')?.textContent).toContain('Total for 2-');
    expect(root.textContent).not.toContain('Charges');
  });

  it('accepts a rate-request id only from its own origin', () => {
    const origin = 'http://127.0.0.1:8010';
    expect(requestedId({ origin, data: { type: 'rate-request', id: 'rr-1' } }, origin)).toBe('rr-1');
    expect(requestedId({ origin: 'http://evil.example', data: { id: 'rr-1' } }, origin)).toBeNull();
    expect(requestedId({ origin, data: { id: '../../admin' } }, origin)).toBeNull();
  });
});

describe("the shipping order report's containers in Persian", () => {
  readInPersian();

  it('names them as the booking facts do', () => {
    const detail = rateRequestDetail();
    const root = document.createElement('main');
    renderReport(root, detail);
    const named = equipmentName(detail.containerSize, detail.containerType);
    expect(named).toBe(`${names.containerSizes['2'].fa} ${names.containerTypes['2'].fa}`);
    expect(root.textContent).toContain(named);
    expect(root.textContent).not.toContain('Refrigerated');
  });

  it('says a declared kind of package in Persian where its code is known, and as written otherwise', () => {
    const root = document.createElement('main');
    renderReport(root, declaredKinds());
    expect(packageCells(root)).toEqual(['کیسه', 'Crates of tiles']);
    renderReport(root, rateRequestDetail());
    expect(packageCells(root)).toEqual(['جعبه', 'جعبه']);
  });

  it('heads a sailing its vessel left as left, and its departure column as the actual time', () => {
    const root = document.createElement('main');
    renderReport(root, detail, {
      ...booked,
      departed: { at: '2026-12-12T02:30:00Z', vesselName: null, port: 'CNSHA' },
    });
    const headings = [...root.querySelectorAll('h2')].map((h) => h.textContent);
    expect(headings).toContain('سفر دریایی‌ای که بار با آن رفت');
    expect(headings).not.toContain('مهلت‌ها');
    expect(root.textContent).toContain('زمان حرکت واقعی');
  });

  it('dates an issued bill of lading in Persian, in the Solar Hijri calendar', () => {
    const root = document.createElement('main');
    const issued = { ...detail, order: { ...detail.order!, status: 4, statusName: 'issued' } };
    const bill = {
      reference: 'BL-FB-2026-000001',
      status: 'ISSUED' as const,
      vesselName: 'KARUN',
      issueDate: '2026-11-25',
      shippedOnBoardDate: '2026-11-22',
      receivedForShipmentDate: null,
    };
    renderReport(root, issued, null, new Map(), bill);
    const dates = root.querySelector('h1 + p + dl')?.textContent ?? '';
    expect(dates).toContain('تاریخ صدور');
    expect(dates).toContain('بارگیری روی کشتی');
    expect(dates).toContain('۱۴۰۵/۰۹/۰۱'); // 2026-11-22
  });

  it("says an updated order's state in Persian", () => {
    const root = document.createElement('main');
    const order = { ...detail.order!, status: 0, statusName: 'update_received', statusLabel: 'Update Received' };
    renderReport(root, { ...rateRequestDetail(), order });
    expect(root.textContent).toContain('اصلاحات دریافت شد');
    expect(root.textContent).not.toContain('ارسال شد');
  });
});
