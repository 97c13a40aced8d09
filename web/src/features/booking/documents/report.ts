/**
 * The printable shipping-order report (documents/report.html, its own Vite entry). The embedding page posts
 * {type: 'rate-request', id}; only messages from this same origin are accepted. The rate request is read through
 * the app's api-client (the caller's token cookie), typed by the server's OpenAPI document.
 */
import { basis, chargeName, formatBookingTotal, perBookingTotal, quoteSource } from '@/components/charges/charges';
import type { SailingStanding } from '@/components/sailing';
import { currentLanguage, i18next, loadCatalogues } from '@/i18n';
import { api } from '@/lib/api-client';
import { fieldLabel as contractLabel } from '@/lib/field-words';
import { getState, label as stateLabel, sailingSettled, stateName } from '@/lib/lifecycle';
import { formatAt, formatCount, formatDate, formatMoney } from '@/lib/format';
import { CONTAINER_FIELDS, ORDER_FIELDS, PARTY_FIELDS, fieldLabel, fieldName, unitWord } from '@/lib/order-fields';
import type { ContainerField, OrderField, PartyField } from '@/lib/order-fields';
import { packageWords } from '@/lib/package-kinds';
import { equipmentName } from '@/lib/reference-names';
import type { Answer } from '@/types/contract';

type RateRequestDetail = Answer<'booking_rate_request_detail'>;
type BookingSailing = Answer<'schedules_client_booking_sailing_of'>;
type BillOfLading = Answer<'booking_booking_bill_of_lading'>;
type Order = NonNullable<RateRequestDetail['order']>;
type Cell = string | number | Node | null | undefined;

const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

/** The report's words, from the booking catalogue in the language shown. */
const say = (key: string, values: Record<string, unknown> = {}): string =>
  i18next.t(`report.${key}` as 'report.print', { ns: 'booking', ...values });

/** A word the catalogue may lack (a new code): its key's words, else the value as it came. */
const sayOr = (key: string, fallback: string): string =>
  i18next.t(`report.${key}` as 'report.print', { ns: 'booking', defaultValue: fallback });

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: Cell): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text instanceof Node) node.append(text);
  else if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/** A value read left to right whatever the page's direction (a reference, a code, a phone number, a
 * container number): isolated, so a right-to-left cell does not reorder its parts (`+49 40 1234567`). */
function ltr(value: string | null | undefined): Node | string {
  if (value === null || value === undefined || value === '') return '-';
  const node = el('bdi', value);
  node.dir = 'ltr';
  return node;
}

/** Free text a person wrote (a name, an address, a description): isolated in its own direction. */
function own(value: string | null | undefined): Node | string {
  if (value === null || value === undefined || value === '') return '-';
  const node = el('bdi', value);
  node.dir = 'auto';
  return node;
}

/** A reference inside a sentence: isolated (U+2068 … U+2069) where the sentence reads right to left. */
const inSentence = (text: string): string => (currentLanguage() === 'fa' ? `\u2068${text}\u2069` : text);

// Left-to-right isolate (U+2066 … U+2069), as formatMoney isolates an amount.
const LRI = '\u2066';
const PDI = '\u2069';
const NUMBERS = { en: new Intl.NumberFormat('en-US'), fa: new Intl.NumberFormat('fa-IR') };

/** A measured number (a weight, a count, a temperature) as amounts read: grouped, the language's digits and
 * separators (`21,450.5`, `۲۱٬۴۵۰٫۵`), with its unit. In Persian, number, sign and unit are one left-to-right
 * isolate, not led by the mark Intl writes: `-18.5 °C` never reads `C° ۱۸.۵-`. */
export function formatMeasure(value: number, unitWords = ''): string {
  const language = currentLanguage();
  const number = NUMBERS[language].format(value).replaceAll('\u200e', '');
  const text = unitWords ? `${number} ${unitWords}` : number;
  return language === 'fa' ? `${LRI}${text}${PDI}` : text;
}

const yesNo = (value: unknown): string => say(value ? 'yes' : 'no');
const unit = (symbol: string | undefined): string => (symbol ? unitWord(symbol) : '');

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

/** A table's totals row, its cells in column order. On a narrow screen each row reads as a card of
 * "column: value" lines: only a cell that totals its column (`sums`, by column) is named by the column's
 * heading. The others ("Total", "2 containers") say what they are themselves, and an empty one is not shown
 * (report.css). */
interface Totals {
  cells: readonly Cell[];
  sums: ReadonlySet<number>;
}

function table(headers: readonly string[], rows: readonly Cell[][], foot?: Totals): HTMLTableElement {
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
    const named = (index: number) => (foot.sums.has(index) ? headers[index] : undefined);
    tr.append(...foot.cells.map((cell, index) => labelled(el('td', cell), named(index))));
    const tfoot = el('tfoot');
    tfoot.append(tr);
    t.append(tfoot);
  }
  return t;
}

/** One of the order's own values in the language shown: words for yes/no and the freight, the language's
 * digits for numbers, codes isolated left to right. */
function orderCell(order: Order, field: OrderField): Cell {
  const value = order[field.key];
  if (value === null || value === undefined || value === '') return '-';
  switch (field.kind) {
    case 'yesNo':
      return yesNo(value);
    case 'freight':
      return sayOr(`freight.${Number(value)}`, '-');
    case 'parties':
    case 'containers':
      return Array.isArray(value) ? formatCount(value.length) : '-';
    case 'number':
      return formatMeasure(Number(value), unit(field.unit));
    default:
      return field.key === 'cargoDescription' ? own(String(value)) : ltr(String(value));
  }
}

function containerCell(container: Order['containers'][number], field: ContainerField): Cell {
  if (field.key === 'containerNumber') return ltr(container.containerNumber || String(container.containerId));
  // The kind in the reader's words where its code is known, else as the shipper wrote it (decision 3871).
  if (field.kind === 'package') return own(packageWords(container));
  const value = container[field.key];
  if (value === null || value === undefined) return '-';
  if (field.kind === 'number') return formatMeasure(Number(value));
  return ltr(String(value));
}

function partyCell(party: Order['parties'][number], field: PartyField): Cell {
  const value = party[field.key];
  if (field.key === 'partyType') return value === null ? '-' : sayOr(`partyRoles.${Number(value)}`, String(value));
  if (field.key === 'isForSwbl') return yesNo(value);
  if (value === null || value === undefined || value === '') return '-';
  // Phone and fax numbers keep their order (`+49 40 1234567`); a name or an address reads in its own direction.
  return field.key === 'phoneNumber' || field.key === 'fax' ? ltr(String(value)) : own(String(value));
}

/** The order's state: the server's words in English, the machine's Persian label in Persian. */
function status(order: Order): string {
  const persian = currentLanguage() === 'fa' ? stateLabel('shipping_order', order.statusName) : '';
  return persian || order.statusLabel || order.statusName;
}

type Place = Answer<'places_places'>[number];
/** The sailing's ports by UN/LOCODE: their names and time zones. */
export type Places = ReadonlyMap<string, Place>;

/** A cut-off's name by its code from the catalogue, else as the server named it. */
function cutOffName(cut: { code: string; name: string }): string {
  return i18next.t(`cutOffNames.${cut.code}` as 'cutOffNames.DCO', { defaultValue: cut.name });
}

/** The sailing's heading: what it was booked on, what it left on, or the plan (estimated or not). */
function sailingHeading(s: NonNullable<BookingSailing>['sailing'], ended: boolean, left: boolean): string {
  if (ended) return i18next.t('sailingFacts.bookedOn', { ns: 'common' });
  if (left) return i18next.t('sailingFacts.leftOn', { ns: 'common' });
  return say(s.estimated ? 'transportPlanEstimated' : 'transportPlan');
}

/** The booking's transport plan and cut-offs, when it has a sailing: each port by its name, each time in the
 * local time of its port with its zone (departure and cut-offs at loading), as the booking's screen writes them.
 * As the booking's screen reads it: once the vessel left (decision 3853), the vessel the tracking named and when
 * it left, and no cut-offs (they were before it); `ended` (decision 3852), what it was booked on, no cut-offs. */
function sailingSection(
  booked: NonNullable<BookingSailing>,
  places: Places,
  { ended = false, settled = false }: SailingStanding,
): HTMLElement[] {
  const s = booked.sailing;
  const departed = ended ? null : (booked.departed ?? null);
  const loading = places.get(s.portOfLoading);
  const discharge = places.get(s.portOfDischarge);
  const named = (code: string, place: Place | undefined): Cell => {
    if (!place?.name) return ltr(code);
    const span = el('span');
    span.append(own(place.name), ' (', ltr(code), ')');
    return span;
  };
  // The vessel the tracking saw leave, else the plan's; its IMO number only when it is the plan's vessel.
  const planned = s.estimated ? null : s.vesselName;
  const name = departed?.vesselName ?? planned;
  // An estimate nobody may name a vessel for any more (`settled`) is not said to be named later.
  let vessel: Cell = departed ? '-' : say(settled ? 'notNamed' : 'toBeNamed');
  if (name) {
    const span = el('span');
    span.append(own(name));
    if (name === planned && s.vesselIMONumber) span.append(' (', ltr(`IMO ${s.vesselIMONumber}`), ')');
    vessel = span;
  }
  const past = ended || departed !== null;
  return [
    el('h2', sailingHeading(s, ended, departed !== null)),
    table(
      // The vessel and the service as a sailing's fields are worded everywhere (the contract's); the rest the
      // plan's own short headings.
      [
        contractLabel('vesselName'),
        say('voyage'),
        contractLabel('serviceName'),
        ...['load', departed ? 'atd' : 'etd', 'discharge', 'eta', 'transit'].map((key) => say(key)),
      ],
      [
        [
          vessel,
          ltr(s.voyage),
          own(s.serviceName),
          named(s.portOfLoading, loading),
          formatAt(departed ? departed.at : s.departure, loading?.timeZone),
          named(s.portOfDischarge, discharge),
          formatAt(s.arrival, discharge?.timeZone),
          say('transitDays', { days: s.transitDays }),
        ],
      ],
    ),
    ...(past
      ? []
      : [
          el('h2', contractLabel('cutOffs')),
          s.cutOffs.length
            ? table(
                [say('cutOff'), say('by')],
                s.cutOffs.map((c) => [cutOffName(c), formatAt(c.at, loading?.timeZone)]),
              )
            : el('p', say('noCutOffs')),
        ]),
  ];
}

/** An issued bill of lading's day of issue and its one date (decision 3855): shipped on board, or received for
 * shipment, as the standard's transport document of `/v3` says them. Nothing before it is issued. */
function issuedDates(bill: BillOfLading): HTMLDListElement | null {
  if (bill?.status !== 'ISSUED') return null;
  const rows: [string, Cell][] = [[say('issueDate'), formatDate(bill.issueDate)]];
  if (bill.shippedOnBoardDate) rows.push([say('shippedOnBoard'), formatDate(bill.shippedOnBoardDate)]);
  else if (bill.receivedForShipmentDate)
    rows.push([say('receivedForShipment'), formatDate(bill.receivedForShipmentDate)]);
  return pairs(rows);
}

/** How the booking's total is made up, so that it adds up to the amount beside it: the price per container
 * times the containers, plus the per-booking charges (counted once) when it has any. */
function totalBasis(d: RateRequestDetail): string {
  const line = { quantity: d.quantity, price: formatMoney(d.price) };
  const fees = perBookingTotal(d.charges);
  return fees > 0 ? say('totalLineWithFees', { ...line, fees: formatMoney(fees) }) : say('totalLine', line);
}

/** Draws the report of one rate request (its sailing and its order, when it has them) into `root`, in the
 * language shown (its catalogues loaded): right to left in Persian, Solar Hijri days, Persian digits. */
export function renderReport(
  root: HTMLElement,
  d: RateRequestDetail,
  sailing: BookingSailing = null,
  places: Places = new Map(),
  bill: BillOfLading = null,
): void {
  const language = currentLanguage();
  root.textContent = '';
  root.lang = language;
  root.dir = i18next.dir(language);
  const reference = d.reference ?? d.id;
  const lead = el('p', say('lead', { reference: inSentence(reference) }));
  lead.className = 'muted';
  // Once staff accept the order it is the draft bill of lading; the customer approves it, staff issue it.
  const document = d.order ? getState('shipping_order', d.order.statusName)?.transportDocument : null;
  const heading = say(document === 'ISSUED' ? 'titleIssued' : document ? 'titleDraft' : 'titleOrder');
  if (document)
    lead.textContent = say('leadDocument', {
      reference: inSentence(reference),
      billOfLading: inSentence(`BL-${reference}`),
      document: sayOr(`documentStates.${document.toLowerCase()}`, document.toLowerCase()),
    });
  // The page's title is the document's own (a printed PDF's file name): "Draft bill of lading FB-…".
  window.document.title = `${heading} ${reference}`;
  const dates = issuedDates(bill);
  root.append(el('h1', heading), lead, ...(dates ? [dates] : []), el('h2', say('rateRequest')));
  root.append(
    pairs([
      [say('customer'), own(d.customerName)],
      [contractLabel('polId'), own(d.pol.name)],
      [contractLabel('podId'), own(d.pod.name)],
      [contractLabel('commodity'), own(d.commodity)],
      [contractLabel('hsCode'), ltr(d.hsCode)],
      [contractLabel('quantity'), formatCount(d.quantity)],
      [say('container'), own(equipmentName(d.containerSize, d.containerType))],
      // Money and days as the screens show them (src/lib/format.ts): `$3,700.00`, `2026/12/01`, Solar Hijri in Persian.
      [contractLabel('price'), formatMoney(d.price)],
      [say('totalFor', { quantity: d.quantity }), formatBookingTotal(d)],
      [contractLabel('preferredShippingDate'), formatDate(d.preferredShippingDate)],
      [contractLabel('isDanger'), yesNo(d.isDanger)],
    ]),
  );
  const state = stateName('rate_request', d.state, d.price);
  const standing = { ended: getState('rate_request', state)?.screen === 'closed', settled: sailingSettled(state) };
  if (sailing) root.append(...sailingSection(sailing, places, standing));
  if (d.charges.length > 0) {
    root.append(
      el('h2', contractLabel('charges')),
      table(
        [say('charge'), say('basis'), say('amount')],
        d.charges.map((c) => [chargeName(c), basis(c), formatMoney(c.amount)]),
        {
          cells: [say('total'), totalBasis(d), formatMoney(d.totalPrice)],
          sums: new Set([2]),
        },
      ),
    );
    const source = quoteSource(d);
    if (source) root.append(el('p', source));
  }
  const o = d.order;
  if (!o) {
    root.append(el('p', say('noOrder')));
    return;
  }
  // The order's fields, parties and containers as the one field list describes them (src/lib/order-fields),
  // their words from the catalogue.
  const scalar = ORDER_FIELDS.filter((f) => f.kind !== 'parties' && f.kind !== 'containers');
  root.append(
    el('h2', say('shippingOrder')),
    pairs([
      [contractLabel('state'), status(o)],
      ...scalar.map((f): [string, Cell] => [fieldName('orderFields', f), orderCell(o, f)]),
    ]),
    el('h2', contractLabel('parties')),
    table(
      PARTY_FIELDS.map((f) => fieldName('partyFields', f)),
      o.parties.map((p) => PARTY_FIELDS.map((f) => partyCell(p, f))),
    ),
    el('h2', contractLabel('containers')),
  );
  const total = (key: 'count' | 'grossWeight' | 'netWeight') => o.containers.reduce((sum, c) => sum + (c[key] ?? 0), 0);
  // "Total" and the number of containers under the number and seal columns; the sums under their own.
  const words: Partial<Record<string, Cell>> = {
    containerNumber: say('total'),
    seal: say('containerCount', { count: o.containers.length }),
  };
  const sums: Partial<Record<string, Cell>> = {
    count: formatMeasure(total('count')),
    grossWeight: formatMeasure(total('grossWeight')),
    netWeight: formatMeasure(total('netWeight')),
  };
  root.append(
    table(
      CONTAINER_FIELDS.map((f) => fieldLabel('containerFields', f)),
      o.containers.map((c) => CONTAINER_FIELDS.map((f) => containerCell(c, f))),
      {
        cells: CONTAINER_FIELDS.map((f) => sums[f.key] ?? words[f.key] ?? ''),
        sums: new Set(CONTAINER_FIELDS.flatMap((f, index) => (f.key in sums ? [index] : []))),
      },
    ),
  );
}

// Set once a rate request is asked for: the page's waiting line is no longer drawn over it.
let asked = false;

async function load(root: HTMLElement, id: string): Promise<void> {
  asked = true;
  try {
    await loadCatalogues(['common', 'booking']);
  } catch {
    // a catalogue that did not come: the words fall back to English, the report still draws
  }
  showLanguage();
  root.textContent = say('loading');
  try {
    const path = `/booking/api/v1/client/rate-requests/${encodeURIComponent(id)}`;
    const [detail, sailing, bill] = await Promise.all([
      api.get<RateRequestDetail>(path),
      api.get<BookingSailing>(`${path}/sailing`),
      api.get<BillOfLading>(`${path}/bill-of-lading`),
    ]);
    const codes = sailing ? [sailing.sailing.portOfLoading, sailing.sailing.portOfDischarge].join(',') : '';
    const found = codes ? await api.get<Answer<'places_places'>>('/booking/api/v1/places', { query: { codes } }) : [];
    renderReport(root, detail, sailing, new Map(found.map((p) => [p.code, p])), bill);
  } catch (error) {
    root.textContent = say('failed', { reason: error instanceof Error ? error.message : String(error) });
  }
}

/** The id a message of the embedding page names, or null for anything else. */
export function requestedId(event: Pick<MessageEvent, 'origin' | 'data'>, origin: string): string | null {
  if (event.origin !== origin) return null;
  const data: unknown = event.data;
  const id = typeof data === 'object' && data !== null && 'id' in data ? data.id : data;
  return typeof id === 'string' && ID_PATTERN.test(id) ? id : null;
}

/** The page's language, direction, title and Print button follow the language shown. */
function showLanguage(): void {
  const language = currentLanguage();
  document.documentElement.lang = language;
  document.documentElement.dir = i18next.dir(language);
  document.title = say('titleOrder');
  const print = document.getElementById('print');
  if (print) {
    print.textContent = say('print');
    print.hidden = false;
  }
}

const root = document.getElementById('report');
if (root) {
  void loadCatalogues(['common', 'booking'])
    .catch(() => undefined)
    .then(() => {
      showLanguage();
      if (!asked) root.textContent = say('waiting');
    });
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
  // Ctrl+P (⌘P) with the report in focus prints the report, as it does from the booking's page (decision
  // 3878), not the page around it.
  window.addEventListener('keydown', (event) => {
    const command = event.ctrlKey || event.metaKey;
    if (command && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'p') {
      event.preventDefault();
      window.print();
    }
  });
}
// Wired here, not by an onclick attribute: the Content-Security-Policy allows no inline script.
document.getElementById('print')?.addEventListener('click', () => window.print());
