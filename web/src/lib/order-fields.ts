/**
 * The shipping order's fields, described once for the web: the customer's form, the facts panel, the
 * final report and the staff console all read their labels, units and kinds here, and the form builds its
 * inputs, initial values, rules and body from the same entries, so a new field on the order is one entry in the
 * list below. Keys are the wire's, the specification's misspellings included (`temprature`).
 */
import { i18next } from '@/i18n';
import { latinDigits, localDigits, yesNo } from '@/lib/format';
import { message } from '@/lib/messages';
import type { MessageKey } from '@/lib/messages';
import type { Schema } from '@/types/contract';
import { personWords } from '@/lib/people';
import { namedFieldLabel, fieldLabel as sharedFieldLabel } from '@/lib/field-words';
import type { FieldArea } from '@/lib/field-words';
import { packageWords } from '@/lib/package-kinds';

export type Order = Schema<'ShippingOrder'>;
export type OrderContainer = Schema<'Container'>;
export type OrderParty = Schema<'OrderParty'>;
type CreateBody = Schema<'ShippingOrderBody'>;
type EditBody = Schema<'ShippingOrderEditBody'>;

/** What a field holds, and so how it is shown. */
export type FieldKind = 'text' | 'number' | 'yesNo' | 'freight' | 'parties' | 'containers';

export interface OrderField {
  key: keyof Order;
  label: string;
  kind: FieldKind;
  /** Shown after the label ("Temperature (°C)") and after a value ("-18 °C"). */
  unit?: string;
  /** Only a dangerous-goods request or a reefer asks for it. */
  only?: 'danger' | 'reefer';
  /** Staff may ask for a change of it by name (the order revision's `revise` keys). */
  revisable: boolean;
  /** The form's message when the field applies and is left empty (absent: the field may stay empty). */
  required?: MessageKey;
  /** The form's rule for a value given (trimmed): its message when wrong, else undefined. */
  check?: (value: string) => string | undefined;
  /** The keyboard a phone shows for a text input. */
  inputMode?: 'numeric';
}

const IMCO_CLASSES = [
  '1',
  '1.1',
  '1.2',
  '1.3',
  '1.4',
  '1.5',
  '1.6',
  '2.1',
  '2.2',
  '2.3',
  '3',
  '4.1',
  '4.2',
  '4.3',
  '5.1',
  '5.2',
  '6.1',
  '6.2',
  '7',
  '8',
  '9',
];
// Wordings are catalogue keys, read when a rule fails: in the language the reader has then.
const FIELD_REQUIRED: MessageKey = 'booking.order.fieldRequired';
const within = (low: number, high: number, wording: MessageKey) => (value: string) =>
  Number(value) >= low && Number(value) <= high ? undefined : message(wording);

const FIELDS = [
  { key: 'isSWBL', label: 'Sea waybill', kind: 'yesNo', revisable: false },
  { key: 'freightType', label: 'Freight', kind: 'freight', revisable: true },
  {
    key: 'cargoDescription',
    label: 'Cargo description',
    kind: 'text',
    revisable: true,
    required: 'booking.cargoDescription.required' as MessageKey,
  },
  {
    key: 'imcoClass',
    label: 'IMO class',
    kind: 'text',
    only: 'danger',
    revisable: true,
    required: FIELD_REQUIRED,
    check: (v: string) => (IMCO_CLASSES.includes(v) ? undefined : message('booking.imcoClass.enum')),
  },
  {
    key: 'unNumber',
    label: 'UN number',
    kind: 'text',
    only: 'danger',
    revisable: true,
    required: FIELD_REQUIRED,
    // As an MSDS writes it ("UN 1263") or bare: the server keeps the 4 digits.
    check: (v: string) =>
      /^(?:UN)?\d{4}$/i.test(latinDigits(v).replace(/\s+/g, '')) ? undefined : message('booking.unNumber.pattern'),
    inputMode: 'numeric',
  },
  {
    key: 'temprature',
    label: 'Temperature',
    kind: 'number',
    unit: '°C',
    only: 'reefer',
    revisable: true,
    required: FIELD_REQUIRED,
    check: within(-40, 40, 'booking.temperature.range'),
  },
  {
    key: 'humidity',
    label: 'Humidity',
    kind: 'number',
    unit: '%',
    only: 'reefer',
    revisable: true,
    required: FIELD_REQUIRED,
    check: within(0, 100, 'booking.humidity.range'),
  },
  { key: 'hasVentilation', label: 'Ventilation', kind: 'yesNo', only: 'reefer', revisable: false },
  { key: 'parties', label: 'Parties', kind: 'parties', revisable: true },
  { key: 'containers', label: 'Containers', kind: 'containers', revisable: true },
] as const satisfies readonly OrderField[];

export const ORDER_FIELDS: readonly OrderField[] = FIELDS;

/** Every field a customer may send (the edit body's keys, generated from the server's `OrderFields`) has its
 * entry above: a field added on the server and not here fails tsc on this line, naming it. */
type EveryFieldDescribed<Undescribed extends never> = Undescribed;
export type UndescribedOrderFields = EveryFieldDescribed<Exclude<keyof EditBody, (typeof FIELDS)[number]['key']>>;

/** The fields the order form holds itself (parties and containers have dialogs of their own). */
export type FormField = Extract<(typeof FIELDS)[number], { kind: 'text' | 'number' | 'yesNo' | 'freight' }>;
export const FORM_FIELDS: readonly OrderField[] = ORDER_FIELDS.filter(
  (f) => f.kind !== 'parties' && f.kind !== 'containers',
);
type FormValue<K> = K extends 'yesNo' ? boolean : K extends 'freight' ? number : string;
/** The form's values, one per form field, keyed as the wire (the freight as the form's 0 Collect, 1 Prepaid). */
export type OrderFormValues = { [F in FormField as F['key']]: FormValue<F['kind']> };
/** The order's own fields the form sends, but the freight (whose key differs between create and edit). Picked
 * from both bodies, so an entry whose key a body lacks fails tsc (as one the answer, `Order`, lacks does). */
export type OrderFormBody = Pick<CreateBody & EditBody, Exclude<FormField['key'], 'freightType'>>;

export interface ContainerField {
  key: keyof OrderContainer;
  label: string;
  kind: 'text' | 'number' | 'package';
  unit?: string;
}

/** One container's row, in the order every table shows it. */
export const CONTAINER_FIELDS: readonly ContainerField[] = [
  { key: 'containerNumber', label: 'Container number', kind: 'text' },
  { key: 'seal', label: 'Seal', kind: 'text' },
  { key: 'count', label: 'Number of packages', kind: 'number' },
  { key: 'type', label: 'Type of packages', kind: 'package' },
  { key: 'grossWeight', label: 'Gross weight', kind: 'number', unit: 'kg' },
  { key: 'netWeight', label: 'Net weight', kind: 'number', unit: 'kg' },
];

export interface PartyField {
  key: keyof OrderParty;
  label: string;
}

export const PARTY_FIELDS: readonly PartyField[] = [
  { key: 'partyType', label: 'Role' },
  { key: 'name', label: 'Name' },
  { key: 'phoneNumber', label: 'Phone' },
  { key: 'fax', label: 'Fax' },
  { key: 'address', label: 'Address' },
  { key: 'isForSwbl', label: 'For SWBL' },
];

/** A party's role (its `partyType`) in the language shown. */
function partyRole(value: unknown): string {
  return i18next.t(`common:bookingFacts.partyRoles.${String(value)}`, { defaultValue: String(value) });
}
export const FREIGHT_WORDS: Readonly<Record<number, string>> = { 1: 'Collect', 2: 'Prepaid' };

type Described = { key: string; label: string; unit?: string };
type Section = 'orderFields' | 'partyFields' | 'containerFields';

/** A party's and a container's fields the shared catalogue words (contract/field-labels.json): a party's name,
 * phone, fax and address say what the profile's do ("Fax" / "نمابر"); a container's number is the one the
 * milestone form and the trail name (`equipment_reference`). */
const SHARED_WORDS: Partial<Record<Section, Readonly<Record<string, readonly [FieldArea, string]>>>> = {
  partyFields: {
    name: ['person', 'name'],
    phoneNumber: ['profile', 'phone'],
    fax: ['profile', 'fax'],
    address: ['profile', 'address'],
  },
  containerFields: { containerNumber: ['booking', 'equipment_reference'] },
};

/**
 * A field's name in the language shown ("Gross weight" / "وزن ناخالص"): the order's own fields are a booking's,
 * worded once by the shared catalogue (contract/field-labels.json `booking`, as the server's messages and the
 * trail say them; the spec's `temprature` and `frightType` through its aliases), bare of the unit its label
 * carries (`unit` says it in the reader's words); a party's name, phone, fax and address the shared catalogue's
 * too, and a container's number (`SHARED_WORDS`); a party's and a container's other fields the booking catalogue
 * (`partyFields`, `containerFields`); the list's own English label where a new field has no words yet. The order form, the
 * facts panel, the container dialog's table, the final report and the staff console all read it.
 */
export function fieldName(section: Section, field: Described): string {
  const shared = SHARED_WORDS[section]?.[field.key];
  if (shared) return sharedFieldLabel(shared[1], shared[0]);
  if (section === 'orderFields') {
    const named = namedFieldLabel(field.key, 'booking');
    if (named) return field.unit ? named.replace(` (${field.unit})`, '') : named;
  }
  return i18next.t(`booking:${section}.${field.key}`, { defaultValue: field.label });
}

/** A unit in the language shown ("kg" / "کیلوگرم"). */
export function unitWord(symbol: string): string {
  return i18next.t(`booking:units.${symbol}`, { defaultValue: symbol });
}

/** A column's heading: the field's name with its unit, where its values are bare numbers ("Gross weight (kg)"). */
export function fieldLabel(section: Section, field: Described): string {
  const name = fieldName(section, field);
  if (!field.unit) return name;
  return `${name} (${unitWord(field.unit)})`;
}

function find<T extends Described>(fields: readonly T[], key: string): T {
  const field = fields.find((f) => f.key === key);
  if (!field) throw new Error(`no shipping-order field ${key}`);
  return field;
}

export const orderField = (key: keyof Order): OrderField => find(ORDER_FIELDS, key);
export const containerField = (key: keyof OrderContainer): ContainerField => find(CONTAINER_FIELDS, key);

/** The label of a revision's key ("freightType" and the spec's "frightType" both say "Freight"). */
export function revisedFieldLabel(key: string): string {
  const wire = key === 'frightType' ? 'freightType' : key;
  return ORDER_FIELDS.find((f) => f.key === wire)?.label ?? key;
}

/** Container type value 2 is refrigerated (temperature and humidity apply). */
export const REEFER_TYPE_VALUE = 2;

/** The fields a request of this kind has (a reefer's temperature only for a reefer, and so on). */
export function fieldsFor(request: { isDanger: boolean; isReefer: boolean }): OrderField[] {
  return ORDER_FIELDS.filter(
    (f) => !f.only || (f.only === 'danger' && request.isDanger) || (f.only === 'reefer' && request.isReefer),
  );
}

/** Spec 001 section 3: form 0 (Collect) is sent as 1, anything else as 2. */
export function frightType(freight: number): number {
  return freight === 0 ? 1 : 2;
}
/** The inverse for an order read back (wire 1 Collect, 2 Prepaid). */
export function freightFormValue(wire: number | null | undefined): number {
  return wire === 2 ? 1 : 0;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The form's values from an order (or its edited order) read back; `defaults` for a new one (the SWBL the
 * rate request asked for). */
export function orderFormValues(
  fields: Partial<Order> | null | undefined,
  defaults: Partial<OrderFormValues>,
): OrderFormValues {
  const values: Record<string, unknown> = {};
  for (const f of FORM_FIELDS) {
    const given = fields?.[f.key];
    const fallback = defaults[f.key as keyof OrderFormValues];
    if (f.kind === 'yesNo') values[f.key] = given ?? fallback ?? false;
    else if (f.kind === 'freight') values[f.key] = freightFormValue(given as number | null | undefined);
    else values[f.key] = given === null || given === undefined ? text(fallback) : text(given);
  }
  return values as OrderFormValues;
}

/** The form's rules for a request of this kind: each field's message by key (none when all is well). */
export function orderFormErrors(
  values: Record<string, unknown>,
  request: { isDanger: boolean; isReefer: boolean },
): Partial<Record<keyof OrderFormValues, string>> {
  const errors: Record<string, string> = {};
  for (const f of fieldsFor(request)) {
    if (f.kind !== 'text' && f.kind !== 'number') continue;
    const value = text(values[f.key]).trim();
    const wrong = !value ? (f.required ? message(f.required) : undefined) : f.check?.(value);
    if (wrong) errors[f.key] = wrong;
  }
  return errors;
}

/** The order's own fields as the wire takes them: trimmed text, numbers, and null (a yes/no: false) for a
 * field this kind of request does not have. The freight is left to the caller. */
export function orderFormBody(
  values: OrderFormValues,
  request: { isDanger: boolean; isReefer: boolean },
): OrderFormBody {
  const applies = new Set(fieldsFor(request).map((f) => f.key));
  const body: Record<string, unknown> = {};
  for (const f of FORM_FIELDS) {
    if (f.kind === 'freight') continue;
    const value = values[f.key as keyof OrderFormValues];
    if (f.kind === 'yesNo') body[f.key] = applies.has(f.key) ? Boolean(value) : false;
    else if (!applies.has(f.key)) body[f.key] = null;
    else body[f.key] = f.kind === 'number' ? Number(value) : text(value).trim();
  }
  return body as OrderFormBody;
}

/** One scalar value of the order, as a person reads it: "Prepaid", "Yes", "-18 °C", "-" when empty. */
export function orderValue(order: Order, field: OrderField): string {
  const value = order[field.key];
  if (value === null || value === undefined || value === '') return '-';
  switch (field.kind) {
    case 'yesNo':
      return yesNo(value);
    case 'freight':
      return i18next.t(`common:bookingFacts.freight.${String(value)}`, { defaultValue: '-' });
    case 'parties':
    case 'containers':
      return Array.isArray(value) ? String(value.length) : '-';
    default:
      return field.unit ? `${String(value)} ${field.unit}` : String(value);
  }
}

/** One cell of a container's row: its number (or id), the package's word, a weight as written. */
export function containerValue(container: OrderContainer, field: ContainerField): string {
  if (field.key === 'containerNumber') return container.containerNumber || String(container.containerId);
  // A declared kind may have words and no type (one the catalogue lacks, decision 3871).
  if (field.kind === 'package') return packageWords(container);
  const value = container[field.key];
  if (value === null || value === undefined) return '-';
  // A count or a weight is a number, in the language's digits; a container number or a seal is a code.
  return field.kind === 'number' ? localDigits(String(value)) : String(value);
}

/** One cell of a party's row. */
export function partyValue(party: OrderParty, field: PartyField): string {
  const value = party[field.key];
  if (field.key === 'partyType') return value === null ? '-' : partyRole(value);
  if (field.key === 'isForSwbl') return yesNo(value);
  // A party of an erased customer's order reads as erased, in the reader's words.
  return value === null || value === undefined || value === '' ? '-' : personWords(String(value));
}
