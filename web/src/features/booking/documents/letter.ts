/**
 * A booking's signed document (booking letter or LOI) written in with what the portal knows, to print, sign
 * and stamp (documents/letter.html, its own Vite entry, opened as `?booking=<id>&type=<documentTypeId>`).
 * What each document undertakes comes from contract/booking-letters.json, as its blank template says it; the
 * booking is read through the app's api-client (the caller's token cookie).
 *
 * The carrier reads English, so the letter is always written in English. A reader of another language gets
 * each heading and the undertaking in that language too, beside the English (docs/decisions/3813), while the
 * facts stay as the carrier reads them: Latin digits, Gregorian days, US dollars (the shipping date also in
 * the reader's calendar).
 */
import letters from '../../../../../contract/booking-letters.json';
import { currentLanguage, i18next, loadCatalogues } from '@/i18n';
import type { Language } from '@/i18n';
import { api } from '@/lib/api-client';
import { fieldLabel } from '@/lib/field-words';
import { formatBookingTotal } from '@/components/charges';
import { formatDate, formatMoney } from '@/lib/format';
import { referenceName } from '@/lib/reference-names';
import type { Answer } from '@/types/contract';

type RateRequestDetail = Answer<'booking_rate_request_detail'>;
type DocumentTypes = Answer<'booking_documents'>;
type DocumentType = DocumentTypes['list']['list'][number];

const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
const CARRIER: Language = 'en';

/** The letter's words from the booking catalogue, in `language`. */
const say = (key: string, language: Language, values: Record<string, unknown> = {}): string =>
  i18next.t(`letter.${key}` as 'letter.print', { ns: 'booking', lng: language, ...values });

/** The facts that are a booking's fields, by the field the contract names (contract/field-labels.json `booking`):
 * worded as every screen and the server word them; the letter's other facts are its own words. */
const BOOKING_FIELDS: Partial<Record<Fact, string>> = {
  bookingReference: 'bookingReference',
  portOfLoading: 'polId',
  portOfDischarge: 'podId',
  containers: 'containers',
  shippingDate: 'preferredShippingDate',
  pricePerContainer: 'price',
};

/** A fact's term in `language`. */
function termOf(fact: Fact, language: Language): string {
  const field = BOOKING_FIELDS[fact];
  return field ? fieldLabel(field, 'booking', language) : say(fact, language);
}

/** What a document type undertakes, by its name, in the carrier's words and the reader's. */
function statementOf(name: string): Partial<Record<Language, string>> | undefined {
  const found: unknown = (letters as Record<string, unknown>)[name];
  return typeof found === 'object' && found !== null ? (found as Partial<Record<Language, string>>) : undefined;
}

export type Fact =
  | 'bookingReference'
  | 'shipper'
  | 'shipperAddress'
  | 'shipperPostalCode'
  | 'consignee'
  | 'portOfLoading'
  | 'portOfDischarge'
  | 'containers'
  | 'commodityAndHs'
  | 'shippingDate'
  | 'pricePerContainer'
  | 'total';

/** A fact the shipping order gives, later than the letter: the letter says so rather than leave a blank. */
export const ON_THE_ORDER = { onTheOrder: true } as const;
export type FactValue = string | typeof ON_THE_ORDER;

/**
 * The booking's facts as the carrier reads them, each one the portal knows when the letter is signed
 * (decision 3885). The letter is the booking party's own: the shipper it names is the customer (a colleague's
 * company), at the address and postal code its profile gives, known since sign-up, never the order's parties
 * (the order comes after the letter). The consignee is named by the order: its name once the order gives it,
 * else a line saying the order names it. A fact not known at all is left out: no blank line is printed
 * for signature; the only lines to write on are the place, date, name, signature and stamp.
 */
export function letterFacts(d: RateRequestDetail, language: Language = CARRIER): [Fact, FactValue][] {
  const container = `${d.containerSize.name ?? ''} ${d.containerType.name ?? ''}`.trim();
  const day = d.preferredShippingDate;
  const consignees = d.order?.parties.filter((p) => p.partyType === 1 && p.name.trim()) ?? [];
  const consignee = consignees.find((p) => !p.isForSwbl) ?? consignees[0];
  const shipping = day
    ? formatDate(day, CARRIER) + (language === CARRIER ? '' : ` (${formatDate(day, language)})`)
    : null;
  const facts: [Fact, FactValue | null][] = [
    ['bookingReference', d.reference ?? null],
    ['shipper', d.customerName || null],
    ['shipperAddress', d.customerAddress?.trim() || null],
    ['shipperPostalCode', d.customerPostalCode?.trim() || null],
    ['consignee', consignee?.name.trim() ?? ON_THE_ORDER],
    ['portOfLoading', d.pol.name ?? null],
    ['portOfDischarge', d.pod.name ?? null],
    ['containers', `${d.quantity} × ${container}`],
    ['commodityAndHs', `${d.commodity} (HS ${d.hsCode})`],
    ['shippingDate', shipping],
    ['pricePerContainer', d.price === null ? null : formatMoney(d.price, CARRIER)],
    // The whole booking's, per-booking charges counted once: what the customer accepted to pay.
    ['total', d.price === null ? null : formatBookingTotal(d, CARRIER)],
  ];
  return facts.filter((fact): fact is [Fact, FactValue] => fact[1] !== null);
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** English, marked as such, inside a page of another language. */
function english(text: string, tag: 'span' | 'p' = 'span'): HTMLElement {
  const node = el(tag, text);
  node.lang = CARRIER;
  node.dir = 'ltr';
  node.className = 'english';
  return node;
}

/** `tag` holding the words in the reader's language, and the carrier's English beside them when it differs. */
function both<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  said: string,
  carrier: string,
  language: Language,
): HTMLElementTagNameMap[K] {
  const node = el(tag, said);
  if (language !== CARRIER) node.append(' ', english(carrier));
  return node;
}

/** Draws the letter of one document type for one booking into `root`, in `language` beside English. */
export function renderLetter(
  root: HTMLElement,
  d: RateRequestDetail,
  type: DocumentType,
  language: Language = currentLanguage(),
): void {
  root.textContent = '';
  root.lang = language;
  root.dir = i18next.dir(language);
  const carrierName = type.name ?? say('untitled', CARRIER);
  const name =
    language === CARRIER ? carrierName : referenceName('documentTypes', { id: type.id, name: carrierName }, language);
  document.title = `${name} ${d.reference ?? ''}`.trim();
  const words = (key: string) => [say(key, language), say(key, CARRIER)] as const;
  root.append(both('h1', name, carrierName, language), both('p', ...words('toTheCarrier'), language));
  const statement = statementOf(carrierName);
  if (statement?.[CARRIER]) {
    if (language !== CARRIER && statement[language]) {
      const p = el('p', statement[language]);
      p.className = 'statement';
      const original = english(statement[CARRIER], 'p');
      original.classList.add('statement');
      const note = el('p', say('translated', language));
      note.className = 'muted';
      root.append(p, original, note);
    } else {
      const p = el('p', statement[CARRIER]);
      p.className = 'statement';
      root.append(p);
    }
  }
  const facts = el('dl');
  for (const [fact, value] of letterFacts(d, language)) {
    const wrap = el('div');
    wrap.style.display = 'contents';
    const dd = el('dd');
    if (typeof value !== 'string') {
      // Given by the shipping order, after the letter: said in words, the reader's beside the carrier's.
      const said = both('span', ...words('namedOnTheOrder'), language);
      said.className = 'pending';
      dd.append(said);
    } else {
      // Isolated in its own direction (a Persian name right to left, a reference or a price left to right),
      // on the page's side, beside its term.
      const said = el('bdi', value);
      said.dir = 'auto';
      dd.append(said);
    }
    wrap.append(both('dt', termOf(fact, language), termOf(fact, CARRIER), language), dd);
    facts.append(wrap);
  }
  root.append(facts);
  const sign = el('div');
  sign.className = 'sign';
  for (const label of ['placeAndDate', 'name', 'signatureAndStamp']) {
    const p = both('p', ...words(label), language);
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
    const reason = error instanceof Error ? error.message : String(error);
    root.textContent = say('loadFailed', currentLanguage(), { reason });
  }
}

const root = document.getElementById('letter');
if (root) {
  const language = currentLanguage();
  // The English words too: the carrier's half of every heading.
  void loadCatalogues(['booking'], language)
    .catch(() => undefined)
    .then(() => {
      document.documentElement.lang = language;
      document.documentElement.dir = i18next.dir(language);
      const print = document.getElementById('print');
      if (print) {
        print.textContent = say('print', language);
        print.hidden = false;
      }
      const asked = requested(window.location.search);
      if (asked) {
        root.textContent = say('loading', language);
        void load(root, asked.booking, asked.type);
      } else root.textContent = say('needsBooking', language);
    });
}
// Wired here, not by an onclick attribute: the Content-Security-Policy allows no inline script.
document.getElementById('print')?.addEventListener('click', () => window.print());
