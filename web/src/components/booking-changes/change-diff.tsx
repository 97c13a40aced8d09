import type { FieldChange } from './types';
import styles from './booking-changes.module.css';

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
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
              <td>{shown(f.original)}</td>
              <td>{shown(f.amended)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
