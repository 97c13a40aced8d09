/**
 * The shipping order's fields, described once for the web (issue 25): the customer's form, the facts panel, the
 * final report and the staff console all read their labels, units and kinds here, so a new field on the order
 * is one entry in the list below (plus the form's own input, where it takes one). Keys are the wire's, the
 * specification's misspellings included (`temprature`).
 */
import type { Schema } from '@/types/contract';

export type Order = Schema<'ShippingOrder'>;
export type OrderContainer = Schema<'Container'>;
export type OrderParty = Schema<'OrderParty'>;

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
}

export const ORDER_FIELDS: readonly OrderField[] = [
  { key: 'isSWBL', label: 'SWBL', kind: 'yesNo', revisable: false },
  { key: 'freightType', label: 'Freight', kind: 'freight', revisable: true },
  { key: 'cargoDescription', label: 'Cargo description', kind: 'text', revisable: true },
  { key: 'imcoClass', label: 'IMCO class', kind: 'text', only: 'danger', revisable: true },
  { key: 'unNumber', label: 'UN No', kind: 'text', only: 'danger', revisable: true },
  { key: 'temprature', label: 'Temperature', kind: 'number', unit: '°C', only: 'reefer', revisable: true },
  { key: 'humidity', label: 'Humidity', kind: 'number', unit: '%', only: 'reefer', revisable: true },
  { key: 'hasVentilation', label: 'Ventilation', kind: 'yesNo', only: 'reefer', revisable: false },
  { key: 'parties', label: 'Parties', kind: 'parties', revisable: true },
  { key: 'containers', label: 'Containers', kind: 'containers', revisable: true },
];

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

export const PARTY_ROLES: Readonly<Record<number, string>> = { 0: 'Supplier', 1: 'Consignee', 2: 'Notify Party' };
export const FREIGHT_WORDS: Readonly<Record<number, string>> = { 1: 'Collect', 2: 'Prepaid' };
/** The one package type the order takes. */
export const PACKAGE_WORDS: Readonly<Record<number, string>> = { 1: 'box' };

type Described = { key: string; label: string; unit?: string };

/** "Temperature (°C)": a label with its unit, for a form's input or a table's heading. */
export function labelWithUnit(field: Described): string {
  return field.unit ? `${field.label} (${field.unit})` : field.label;
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

/** The fields a request of this kind has (a reefer's temperature only for a reefer, and so on). */
export function fieldsFor(request: { isDanger: boolean; isReefer: boolean }): OrderField[] {
  return ORDER_FIELDS.filter(
    (f) => !f.only || (f.only === 'danger' && request.isDanger) || (f.only === 'reefer' && request.isReefer),
  );
}

/** One scalar value of the order, as a person reads it: "Prepaid", "Yes", "-18 °C", "-" when empty. */
export function orderValue(order: Order, field: OrderField): string {
  const value = order[field.key];
  if (value === null || value === undefined || value === '') return '-';
  switch (field.kind) {
    case 'yesNo':
      return value ? 'Yes' : 'No';
    case 'freight':
      return FREIGHT_WORDS[Number(value)] ?? '-';
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
  const value = container[field.key];
  if (value === null || value === undefined) return '-';
  if (field.kind === 'package') return PACKAGE_WORDS[Number(value)] ?? String(value);
  return String(value);
}

/** One cell of a party's row. */
export function partyValue(party: OrderParty, field: PartyField): string {
  const value = party[field.key];
  if (field.key === 'partyType') return value === null ? '-' : (PARTY_ROLES[Number(value)] ?? String(value));
  if (field.key === 'isForSwbl') return value ? 'Yes' : 'No';
  return value === null || value === undefined || value === '' ? '-' : String(value);
}
