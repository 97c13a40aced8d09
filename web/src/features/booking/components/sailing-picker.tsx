import { useQuery } from '@tanstack/react-query';
import { SailingFacts, sailingStyles as styles } from '@/components/sailing';
import { sailingsOptions } from '../api/sailings-api';

export interface SailingPickerProps {
  polId: number | null;
  podId: number | null;
  value: string | null;
  onChange: (routingReference: string | null) => void;
  disabled?: boolean;
}

/** The next sailings from POL to POD; the customer may choose one (or keep to the preferred date). */
export function SailingPicker({ polId, podId, value, onChange, disabled = false }: SailingPickerProps) {
  const sailings = useQuery(sailingsOptions(polId, podId));
  if (polId === null || podId === null || polId === podId) return null;
  const found = sailings.data ?? [];
  return (
    <fieldset className={styles.picker} disabled={disabled}>
      <legend>Next sailings</legend>
      {sailings.isPending ? <p className={styles.note}>Looking for sailings…</p> : null}
      {!sailings.isPending && found.length === 0 ? (
        <p className={styles.note}>No published sailing between these ports yet; we plan one from your date.</p>
      ) : null}
      {found.length ? (
        <ul className={styles.options}>
          <li>
            <label className={styles.option}>
              <input type="radio" name="sailing" checked={value === null} onChange={() => onChange(null)} />
              <span>No particular sailing: we plan one from your date</span>
            </label>
          </li>
          {found.map((sailing) => (
            <li key={sailing.routingReference}>
              <label className={styles.option}>
                <input
                  type="radio"
                  name="sailing"
                  value={sailing.routingReference}
                  checked={value === sailing.routingReference}
                  onChange={() => onChange(sailing.routingReference)}
                />
                <span>
                  <SailingFacts sailing={sailing} />
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
