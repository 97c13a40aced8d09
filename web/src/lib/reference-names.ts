import i18next from 'i18next';
import catalogue from '../../../contract/reference-names.json';

/** The seeded reference rows' names by id and language, shared with the server's audit trail. */
export type ReferenceCatalogue = 'documentTypes' | 'containerTypes' | 'containerSizes';
type Said = { en: string } & Partial<Record<string, string>>;
const NAMES = catalogue as unknown as Record<ReferenceCatalogue, Record<string, Said>>;

/** A reference row as the server gives it: a choice (id and name), or a list row's name alone. */
type Row = { id?: number | null; name?: string | null } | string | null | undefined;

/**
 * A seeded reference row's name in the language shown (or `lng`), from contract/reference-names.json: by the
 * row's id, or for a name alone (the server's English one) by the id the catalogue gives that English name;
 * the server's name where the catalogue has none (a row the release does not seed).
 */
export function referenceName(section: ReferenceCatalogue, row: Row, lng: string = i18next.language): string {
  const { id, name } = typeof row === 'string' ? { id: undefined, name: row } : (row ?? {});
  const rows = NAMES[section];
  const said = id != null ? rows[String(id)] : Object.values(rows).find((r) => r.en === name);
  if (said === undefined) return name ?? '';
  return said[lng.split('-')[0]] ?? said.en;
}

/** "40HC Refrigerated": a booking's container size and type as the reader's language names them. */
export function equipmentName(size: Row, type: Row, lng?: string): string {
  return `${referenceName('containerSizes', size, lng)} ${referenceName('containerTypes', type, lng)}`.trim();
}

/**
 * "2 x 20 Dry, Saffron": what a booking carries, in the reader's language (the server's `cargoDetails` is
 * English); in Persian the commodity, as the customer typed it, is isolated from the sentence around it.
 */
export function cargoWords(cargo: {
  quantity: number;
  containerSize: Row;
  containerType: Row;
  commodity: string | null;
}): string {
  return i18next.t('booking:cargoWords', {
    quantity: cargo.quantity,
    equipment: equipmentName(cargo.containerSize, cargo.containerType),
    commodity: cargo.commodity ?? '',
  });
}
