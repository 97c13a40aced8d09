import i18next from 'i18next';

/** The booking catalogue's names of the reference rows the release seeds (domain/booking/reference/*.csv), by id. */
export type ReferenceCatalogue = 'documentTypeNames' | 'containerTypeNames' | 'containerSizeNames';

/** A reference row as the server gives it: a choice (id and name), or a list row's name alone. */
type Row = { id?: number | null; name?: string | null } | string | null | undefined;

function names(catalogue: ReferenceCatalogue, lng?: string): Record<string, unknown> {
  const found = i18next.t(`booking:${catalogue}`, { returnObjects: true, lng }) as unknown;
  return typeof found === 'object' && found !== null ? (found as Record<string, unknown>) : {};
}

/**
 * A seeded reference row's name in the language shown (or `lng`): the booking catalogue's, by the row's id (a
 * name alone is the server's English one: its id is the English catalogue's, which names the rows as the
 * reference files do); the server's name where the catalogue has none (a row the release does not seed).
 */
export function referenceName(catalogue: ReferenceCatalogue, row: Row, lng?: string): string {
  const { id, name } = typeof row === 'string' ? { id: undefined, name: row } : (row ?? {});
  const key =
    id != null ? String(id) : Object.entries(names(catalogue, 'en')).find(([, english]) => english === name)?.[0];
  const named = key === undefined ? undefined : names(catalogue, lng)[key];
  return typeof named === 'string' ? named : (name ?? '');
}

/** "40HC Refrigerated": a booking's container size and type as the reader's language names them. */
export function equipmentName(size: Row, type: Row, lng?: string): string {
  return `${referenceName('containerSizeNames', size, lng)} ${referenceName('containerTypeNames', type, lng)}`.trim();
}

/**
 * "2 x 20 Dry, Saffron": what a booking carries, in the reader's language (the server's `cargoDetails` is
 * English); in Persian the commodity, as the customer typed it, is isolated from the sentence around it.
 */
export function cargoWords(cargo: { quantity: number; containerSize: Row; containerType: Row; commodity: string | null }): string {
  return i18next.t('booking:cargoWords', {
    quantity: cargo.quantity,
    equipment: equipmentName(cargo.containerSize, cargo.containerType),
    commodity: cargo.commodity ?? '',
  });
}
