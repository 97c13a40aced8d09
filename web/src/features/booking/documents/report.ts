/**
 * The printable shipping-order report (documents/report.html, its own Vite entry). The embedding page posts
 * {type: 'rate-request', id}; only messages from this same origin are accepted. The rate request is read through
 * the app's api-client (the caller's token cookie), typed by the server's OpenAPI document.
 */
import { basis, chargeName, formatBookingTotal, quoteSource } from '@/components/charges/charges';
import { api } from '@/lib/api-client';
import { getState, stateName } from '@/lib/lifecycle';
import { formatAt, formatDate, formatMoney } from '@/lib/format';
import { CONTAINER_FIELDS, ORDER_FIELDS, PARTY_FIELDS, containerValue, labelWithUnit, orderValue, partyValue } from '@/lib/order-fields';
import type { Answer } from '@/types/contract';

type RateRequestDetail = Answer<'booking_rate_request_detail'>;
type BookingSailing = Answer<'schedules_client_booking_sailing_of'>;
type Cell = string | number | null | undefined;

const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: Cell): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function pairs(rows: readonly [string, Cell][]): HTMLDListElement {
  const dl = el('dl');
  for (const [term, value] of rows) {
    const wrap = el('div');
    wrap.append(el('dt', term), el('dd', value === null || value === undefined || value === '' ? '-' : value));
    dl.append(wrap);
  }
  return dl;
}

/** A cell names its column, so that on a narrow screen each row reads as a card (report.css) instead of a
 * table wider than the screen. */
function labelled(cell: HTMLElement, header: string | undefined): HTMLElement {
  if (header) cell.dataset.label = header;
  return cell;
}

function table(headers: readonly string[], rows: readonly Cell[][], foot?: readonly Cell[]): HTMLTableElement {
  const t = el('table');
  const headRow = el('tr');
  for (const header of headers) {
    const th = el('th', header);
    th.scope = 'col';
    headRow.append(th);
  }
  t.append(el('thead'));
  t.tHead?.append(headRow);
  const body = el('tbody');
  for (const cells of rows) {
    const tr = el('tr');
    tr.append(...cells.map((cell, index) => labelled(el('td', cell), headers[index])));
    body.append(tr);
  }
  t.append(body);
  if (foot) {
    const tr = el('tr');
    tr.append(...foot.map((cell, index) => labelled(el('td', cell), headers[index])));
    const tfoot = el('tfoot');
    tfoot.append(tr);
    t.append(tfoot);
  }
  return t;
}

type Place = Answer<'places_places'>[number];
/** The sailing's ports by UN/LOCODE: their names and time zones. */
export type Places = ReadonlyMap<string, Place>;

/** The booking's transport plan and cut-offs, when it has a sailing: each port by its name, each time in the
 * local time of its port with its zone (departure and cut-offs at loading), as the booking's screen writes them. */
function sailingSection(booked: NonNullable<BookingSailing>, places: Places): HTMLElement[] {
  const s = booked.sailing;
  const loading = places.get(s.portOfLoading);
  const discharge = places.get(s.portOfDischarge);
  const named = (code: string, place: Place | undefined) => (place?.name ? `${place.name} (${code})` : code);
  const vessel = s.estimated
    ? 'To be named'
    : `${s.vesselName ?? '-'}${s.vesselIMONumber ? ` (IMO ${s.vesselIMONumber})` : ''}`;
  return [
    el('h2', s.estimated ? 'Transport Plan (estimated)' : 'Transport Plan'),
    table(
      ['Vessel', 'Voyage', 'Service', 'Load', 'ETD', 'Discharge', 'ETA', 'Transit'],
      [
        [
          vessel,
          s.voyage || '-',
          s.serviceName || '-',
          named(s.portOfLoading, loading),
          formatAt(s.departure, loading?.timeZone),
          named(s.portOfDischarge, discharge),
          formatAt(s.arrival, discharge?.timeZone),
          `${s.transitDays} days`,
        ],
      ],
    ),
    el('h2', 'Cut-offs'),
    s.cutOffs.length ? table(['Cut-off', 'By'], s.cutOffs.map((c) => [c.name, formatAt(c.at, loading?.timeZone)])) : el('p', 'None published.'),
  ];
}

/** Draws the report of one rate request (its sailing and its order, when it has them) into `root`. */
export function renderReport(
  root: HTMLElement,
  d: RateRequestDetail,
  sailing: BookingSailing = null,
  places: Places = new Map(),
): void {
  root.textContent = '';
  const lead = el('p', `Booking ${d.reference ?? d.id}`);
  lead.className = 'muted';
  // Once staff accept the order it is the draft bill of lading; the customer approves it, staff issue it.
  const document = d.order ? getState('shipping_order', stateName('shipping_order', d.order.status))?.transportDocument : null;
  const heading = document === 'ISSUED' ? 'Bill of Lading' : document ? 'Draft Bill of Lading' : 'Shipping Order Report';
  if (document) lead.textContent = `Bill of lading BL-${d.reference ?? d.id} (${document.toLowerCase()}) · booking ${d.reference ?? d.id}`;
  root.append(el('h1', heading), lead, el('h2', 'Rate Request'));
  root.append(
    pairs([
      ['Customer', d.customerName],
      ['POL', d.pol.name],
      ['POD', d.pod.name],
      ['Commodity', d.commodity],
      ['HS Code', d.hsCode],
      ['Quantity', d.quantity],
      ['Container', `${d.containerSize.name ?? ''} ${d.containerType.name ?? ''}`.trim()],
      // Money and days as the screens show them (src/lib/format.ts): `$3,700.00`, `Dec 1, 2026`.
      ['Price per container', formatMoney(d.price)],
      [`Total for ${d.quantity}`, formatBookingTotal(d)],
      ['Shipping date', formatDate(d.preferredShippingDate)],
      ['Dangerous', d.isDanger ? 'Yes' : 'No'],
    ]),
  );
  if (sailing) root.append(...sailingSection(sailing, places));
  if (d.charges.length > 0) {
    root.append(
      el('h2', 'Charges'),
      table(
        ['Charge', 'Basis', 'Amount'],
        d.charges.map((c) => [chargeName(c), basis(c), formatMoney(c.amount)]),
        ['Total', `${d.quantity} × ${formatMoney(d.price)} per container`, formatMoney(d.totalPrice)],
      ),
    );
    const source = quoteSource(d);
    if (source) root.append(el('p', source));
  }
  const o = d.order;
  if (!o) {
    root.append(el('p', 'No shipping order yet.'));
    return;
  }
  // The order's fields, parties and containers as the one field list describes them (src/lib/order-fields).
  const scalar = ORDER_FIELDS.filter((f) => f.kind !== 'parties' && f.kind !== 'containers');
  root.append(
    el('h2', 'Shipping Order'),
    pairs([['Status', o.statusLabel || o.statusName], ...scalar.map((f): [string, Cell] => [f.label, orderValue(o, f)])]),
    el('h2', 'Parties'),
    table(
      PARTY_FIELDS.map((f) => f.label),
      o.parties.map((p) => PARTY_FIELDS.map((f) => partyValue(p, f))),
    ),
    el('h2', 'Containers'),
  );
  const total = (key: 'count' | 'grossWeight' | 'netWeight') => o.containers.reduce((sum, c) => sum + (c[key] ?? 0), 0);
  const totals: Partial<Record<string, Cell>> = {
    containerNumber: 'Total',
    seal: `${o.containers.length} containers`,
    count: total('count'),
    grossWeight: total('grossWeight'),
    netWeight: total('netWeight'),
  };
  root.append(
    table(
      CONTAINER_FIELDS.map(labelWithUnit),
      o.containers.map((c) => CONTAINER_FIELDS.map((f) => containerValue(c, f))),
      CONTAINER_FIELDS.map((f) => totals[f.key] ?? ''),
    ),
  );
}

async function load(root: HTMLElement, id: string): Promise<void> {
  root.textContent = 'Loading…';
  try {
    const path = `/booking/api/v1/client/rate-requests/${encodeURIComponent(id)}`;
    const [detail, sailing] = await Promise.all([
      api.get<RateRequestDetail>(path),
      api.get<BookingSailing>(`${path}/sailing`),
    ]);
    const codes = sailing ? [sailing.sailing.portOfLoading, sailing.sailing.portOfDischarge].join(',') : '';
    const found = codes ? await api.get<Answer<'places_places'>>('/booking/api/v1/places', { query: { codes } }) : [];
    renderReport(root, detail, sailing, new Map(found.map((p) => [p.code, p])));
  } catch (error) {
    root.textContent = `The report could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The id a message of the embedding page names, or null for anything else. */
export function requestedId(event: Pick<MessageEvent, 'origin' | 'data'>, origin: string): string | null {
  if (event.origin !== origin) return null;
  const data: unknown = event.data;
  const id = typeof data === 'object' && data !== null && 'id' in data ? data.id : data;
  return typeof id === 'string' && ID_PATTERN.test(id) ? id : null;
}

const root = document.getElementById('report');
if (root) {
  window.addEventListener('message', (event) => {
    const id = requestedId(event, window.location.origin);
    if (id) void load(root, id);
  });
}
// The embedding page sizes its frame to the whole report (no nested scroll hiding the parties, the
// containers and Print while the customer confirms): every change of the report's height is told to it.
if (window.parent !== window) {
  const tellHeight = () =>
    window.parent.postMessage(
      { type: 'report-height', height: Math.ceil(document.documentElement.offsetHeight) },
      window.location.origin,
    );
  new ResizeObserver(tellHeight).observe(document.body);
}
// Wired here, not by an onclick attribute: the Content-Security-Policy allows no inline script.
document.getElementById('print')?.addEventListener('click', () => window.print());
