/**
 * A booking's signed document (booking letter or LOI) written in with what the portal knows, to print, sign
 * and stamp (documents/letter.html, its own Vite entry, opened as `?booking=<id>&type=<documentTypeId>`).
 * What each document undertakes comes from contract/booking-letters.json, as its blank template says it; the
 * booking is read through the app's api-client (the caller's token cookie).
 */
import letters from '../../../../../contract/booking-letters.json';
import { api } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import type { Answer } from '@/types/contract';

type RateRequestDetail = Answer<'booking_rate_request_detail'>;
type DocumentTypes = Answer<'booking_documents'>;
type DocumentType = DocumentTypes['list']['list'][number];

const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
const STATEMENTS: Record<string, string | undefined> = letters;

/** The booking's facts as the letter writes them; null: a blank the customer fills in by hand. */
export function letterFacts(d: RateRequestDetail): [string, string | null][] {
  const container = `${d.containerSize.name ?? ''} ${d.containerType.name ?? ''}`.trim();
  return [
    ['Booking reference', d.reference ?? null],
    ['Shipper', d.customerName || null],
    ['Consignee', null],
    ['Port of loading', d.pol.name ?? null],
    ['Port of discharge', d.pod.name ?? null],
    ['Containers', `${d.quantity} × ${container}`],
    ['Commodity and HS code', `${d.commodity} (HS ${d.hsCode})`],
    ['Shipping date', d.preferredShippingDate ? formatDate(d.preferredShippingDate) : null],
    ['Price per container', d.price === null ? null : formatMoney(d.price)],
  ];
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Draws the letter of one document type for one booking into `root`. */
export function renderLetter(root: HTMLElement, d: RateRequestDetail, type: DocumentType): void {
  root.textContent = '';
  const name = type.name ?? 'Booking letter';
  document.title = `${name} ${d.reference ?? ''}`.trim();
  const statement = STATEMENTS[name];
  root.append(el('h1', name), el('p', 'To the carrier'));
  if (statement) {
    const p = el('p', statement);
    p.className = 'statement';
    root.append(p);
  }
  const facts = el('dl');
  for (const [term, value] of letterFacts(d)) {
    const wrap = el('div');
    wrap.style.display = 'contents';
    const dd = el('dd');
    if (value === null) {
      // A line to write on; a screen reader is told it is left to fill in.
      const blank = el('span');
      blank.className = 'blank';
      const said = el('span', 'to be filled in');
      said.className = 'visually-hidden';
      blank.append(said);
      dd.append(blank);
    } else {
      dd.textContent = value;
      dd.dir = 'auto'; // a Persian name or address reads right to left inside the English letter
    }
    wrap.append(el('dt', term), dd);
    facts.append(wrap);
  }
  root.append(facts);
  const sign = el('div');
  sign.className = 'sign';
  for (const label of ['Place and date', 'Name', 'Signature and company stamp']) {
    const p = el('p', label);
    const line = el('span');
    line.className = 'line';
    p.append(line);
    sign.append(p);
  }
  root.append(sign);
}

/** The booking and document type the page's address names, or null when it names none properly. */
export function requested(search: string): { booking: string; type: number } | null {
  const params = new URLSearchParams(search);
  const booking = params.get('booking') ?? '';
  const type = Number(params.get('type'));
  return ID_PATTERN.test(booking) && Number.isInteger(type) && type > 0 ? { booking, type } : null;
}

async function load(root: HTMLElement, booking: string, typeId: number): Promise<void> {
  try {
    const path = '/booking/api/v1/client/rate-requests';
    const [detail, types] = await Promise.all([
      api.get<RateRequestDetail>(`${path}/${encodeURIComponent(booking)}`),
      api.get<DocumentTypes>(`${path}/documents`),
    ]);
    const type = types.list.list.find((t) => t.id === typeId);
    if (!type) throw new Error('no such document type');
    renderLetter(root, detail, type);
  } catch (error) {
    root.textContent = `The letter could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
  }
}

const root = document.getElementById('letter');
const asked = requested(window.location.search);
if (root) {
  if (asked) void load(root, asked.booking, asked.type);
  else root.textContent = 'This page needs a booking and a document type.';
}
// Wired here, not by an onclick attribute: the Content-Security-Policy allows no inline script.
document.getElementById('print')?.addEventListener('click', () => window.print());
