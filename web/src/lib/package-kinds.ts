import i18next from 'i18next';
import catalogue from '../../../contract/package-kinds.json';

/** A kind of package by its UN/ECE Recommendation 21 code, shared with the server (decision 3871). */
type Kind = { type: number; en: string } & Partial<Record<string, string>>;
const KINDS = catalogue.kinds as unknown as Record<string, Kind>;

/** The kinds the container dialog offers, in the catalogue's order (box first): each its code and `type`. */
export const PACKAGE_KINDS: readonly { code: string; type: number }[] = Object.entries(KINDS).map(([code, kind]) => ({
  code,
  type: kind.type,
}));

/** The specification's one kind, box (`type` 1), which a new container line starts with. */
export const BOX_PACKAGE = KINDS.BX.type;

/** The code of the kind a `type` stands for (a line stored before codes were kept is a box). */
export function packageCode(type: number | null | undefined): string | null {
  return PACKAGE_KINDS.find((kind) => kind.type === (type ?? BOX_PACKAGE))?.code ?? null;
}

/** A kind's word in the language shown (or `lng`), by its code. */
export function kindWord(code: string, lng: string = i18next.language): string {
  const said = KINDS[code];
  return said ? (said[lng.split('-')[0]] ?? said.en) : code;
}

/** A container line's kind of package as it was declared. */
export interface PackageLine {
  type?: number | null;
  packageCode?: string | null;
  packageDescription?: string | null;
}

/**
 * A container line's kind of package in the reader's language: the catalogue's word for a known code, else the
 * description as the shipper wrote it (or its code, or its type's kind).
 */
export function packageWords(line: PackageLine, lng?: string): string {
  const code = line.packageCode ?? (line.packageDescription ? null : packageCode(line.type));
  if (code && KINDS[code]) return kindWord(code, lng);
  return line.packageDescription || code || String(line.type ?? '-');
}
