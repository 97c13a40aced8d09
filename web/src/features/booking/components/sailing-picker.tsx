import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('booking');
  const sailings = useQuery(sailingsOptions(polId, podId));
  if (polId === null || podId === null || polId === podId) return null;
  const found = sailings.data ?? [];
  return (
    <fieldset className={styles.picker} disabled={disabled}>
      <legend>{t('sailingPicker.legend')}</legend>
      {sailings.isPending ? <p className={styles.note}>{t('sailingPicker.looking')}</p> : null}
      {!sailings.isPending && found.length === 0 ? <p className={styles.note}>{t('sailingPicker.none')}</p> : null}
      {found.length ? (
        <ul className={styles.options}>
          <li>
            <label className={styles.option}>
              <input type="radio" name="sailing" checked={value === null} onChange={() => onChange(null)} />
              <span>{t('sailingPicker.any')}</span>
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
