import type { ReactNode } from 'react';
import { FileLink } from '@/components/file-link';
import type { FieldChange } from './types';
import styles from './booking-changes.module.css';

// Fields whose value is a stored file's id: shown as a link to the file, never as the id.
const FILE_FIELDS = new Set(['msds']);

function shown(field: string, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '-';
  if (FILE_FIELDS.has(field) && typeof value === 'string') return <FileLink fileId={value}>MSDS file</FileLink>;
  return String(value);
}

/** The booking's fields, the original beside the amended value; changed rows are marked (not by colour alone). */
export function ChangeDiff({ fields, caption }: { fields: FieldChange[]; caption: string }) {
  return (
    <div className={styles.diffWrap}>
      <table className={styles.diff}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Booked</th>
            <th scope="col">Amended</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.field} data-changed={f.changed}>
              <th scope="row">
                {f.label}
                {f.changed ? <span className={styles.changedMark}> (changed)</span> : null}
              </th>
              <td data-label="Booked">{shown(f.field, f.original)}</td>
              <td data-label="Amended">{shown(f.field, f.amended)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
