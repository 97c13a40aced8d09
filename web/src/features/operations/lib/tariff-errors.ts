/**
 * A refused tariff upload names each bad cell as `rows.<line>.<column>` (the header is line 1): the console
 * lists them in the file's order, worded as a spreadsheet user reads them.
 */
import { i18next } from '@/i18n';
export interface CellError {
  line: number | null;
  column: string | null;
  message: string;
}

export function cellErrors(fields: Record<string, string>): CellError[] {
  const found = Object.entries(fields).map(([key, message]): CellError => {
    const [head, line, ...column] = key.split('.');
    if (head !== 'rows' || line === undefined) return { line: null, column: null, message };
    const number = Number(line);
    return { line: Number.isInteger(number) ? number : null, column: column.join('.') || null, message };
  });
  return found.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? '').localeCompare(b.column ?? ''));
}

export function cellErrorText(error: CellError): string {
  if (error.line === null) return error.message;
  const t = i18next.getFixedT(null, 'operations');
  const where = error.column
    ? t('tariffs.lineColumn', { line: error.line, column: error.column })
    : t('tariffs.line', { line: error.line });
  return `${where}: ${error.message}`;
}
