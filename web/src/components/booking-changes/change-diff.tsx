import { useTranslation } from 'react-i18next';
import { i18next } from '@/i18n';
import type { ReactNode } from 'react';
import { FileLink } from '@/components/file-link';
import { fieldLabel } from '@/lib/field-words';
import { formatCount, formatDate, formatMoment, yesNo } from '@/lib/format';
import { referenceName, type ReferenceCatalogue } from '@/lib/reference-names';
import type { FieldChange } from './types';
import styles from './booking-changes.module.css';

// Fields whose value is a stored file's id: shown as a link to the file, never as the id.
const FILE_FIELDS = new Set(['msds']);
// Fields the server gives by a reference row's English name: said in the reader's language, as the booking's
// summary says them (contract/reference-names.json).
const REFERENCE_FIELDS = new Map<string, ReferenceCatalogue>([
  ['container_type_id', 'containerTypes'],
  ['container_size_id', 'containerSizes'],
]);

/** A value as the screens write it: a day as YYYY/MM/DD, a moment in the viewer's zone, a number in the
 * language's digits. */
export function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number') return formatCount(value);
  const text = String(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return formatDate(text);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return formatMoment(text);
  return text;
}

/** A field's value in the table: a stored file as a link to it, a container type or size by its name in the
 * language shown, anything else as `shown` writes it. */
function shownIn(field: string, value: unknown): ReactNode {
  if (FILE_FIELDS.has(field) && typeof value === 'string' && value !== '') {
    return <FileLink fileId={value}>{i18next.t('common:changeDiff.msdsFile')}</FileLink>;
  }
  const catalogue = REFERENCE_FIELDS.get(field);
  if (catalogue && typeof value === 'string' && value !== '') return referenceName(catalogue, value);
  return shown(value);
}

/** The booking's fields, the original beside the amended value; changed rows are marked (not by colour alone).
 * A field is named from the shared catalogue in the language shown (the server's `label` is English). */
export function ChangeDiff({ fields, caption }: { fields: FieldChange[]; caption: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.diffWrap}>
      <table className={styles.diff}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('changeDiff.field')}</th>
            <th scope="col">{t('changeDiff.booked')}</th>
            <th scope="col">{t('changeDiff.amended')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.field} data-changed={f.changed}>
              <th scope="row">
                {fieldLabel(f.field)}
                {f.changed ? <span className={styles.changedMark}> {t('changeDiff.changed')}</span> : null}
              </th>
              <td data-label={t('changeDiff.booked')}>{shownIn(f.field, f.original)}</td>
              <td data-label={t('changeDiff.amended')}>{shownIn(f.field, f.amended)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
