import { formatAt } from '@/lib/format';
import { usePlaces } from '@/lib/places';
import type { Schema } from '@/types/contract';
import styles from './sailing.module.css';

export type SailingView = Schema<'SailingView'>;
export type BookingSailing = Schema<'BookingSailing'>;

/** A sailing's facts as a definition list: vessel, voyage, ETD, ETA, transit days, then its cut-offs. */
export function SailingFacts({ sailing }: { sailing: SailingView }) {
  // Each time in the local time of the port where it happens: departure and cut-offs at the port of loading.
  const places = usePlaces([sailing.portOfLoading, sailing.portOfDischarge]);
  const loading = places.get(sailing.portOfLoading);
  const discharge = places.get(sailing.portOfDischarge);
  return (
    <>
      {sailing.estimated ? (
        <p className={styles.vessel}>
          Estimated: the carrier has not named the vessel and voyage yet; these times and cut-offs will change.
        </p>
      ) : (
        <p className={styles.vessel}>
          {sailing.vesselName ?? 'Vessel to be named'}
          {sailing.vesselIMONumber ? ` (IMO ${sailing.vesselIMONumber})` : ''} · voyage {sailing.voyage} ·{' '}
          {sailing.serviceName}
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>ETD {loading?.name ?? sailing.portOfLoading}</dt>
          <dd>{formatAt(sailing.departure, loading?.timeZone)}</dd>
        </div>
        <div>
          <dt>ETA {discharge?.name ?? sailing.portOfDischarge}</dt>
          <dd>{formatAt(sailing.arrival, discharge?.timeZone)}</dd>
        </div>
        <div>
          <dt>Transit</dt>
          <dd>{sailing.transitDays} days</dd>
        </div>
      </dl>
      {sailing.cutOffs.length ? (
        <ul className={styles.cutOffs} aria-label="Cut-offs">
          {sailing.cutOffs.map((cut) => (
            <li key={cut.code}>
              <strong>{cut.name}:</strong> {formatAt(cut.at, loading?.timeZone)}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** A booking's sailing: transport plan and cut-offs, what a republished schedule moved, a late order. */
export function BookingSailingFacts({ booked }: { booked: BookingSailing }) {
  const before = booked.previous;
  const places = usePlaces([before?.portOfLoading, before?.portOfDischarge, booked.sailing.portOfLoading]);
  const at = (value: string | null | undefined, port: string | null | undefined) =>
    formatAt(value, port ? places.get(port)?.timeZone : null);
  return (
    <section aria-label="Sailing" style={{ margin: '0.75rem 0' }}>
      <h3 style={{ margin: '0 0 0.5rem', fontSize: '1rem' }}>Sailing and cut-offs</h3>
      <SailingFacts sailing={booked.sailing} />
      {booked.previous?.estimated ? (
        <p className={styles.flag} role="status">
          The carrier named this sailing; it was estimated to leave {at(booked.previous.departure, booked.previous.portOfLoading)}.
        </p>
      ) : booked.previous ? (
        <p className={styles.flag} role="status">
          The carrier moved this sailing: departure was {at(booked.previous.departure, booked.previous.portOfLoading)},
          arrival was {at(booked.previous.arrival, booked.previous.portOfDischarge)}.
        </p>
      ) : null}
      {booked.orderLate ? (
        <p className={styles.flag} role="status">
          The shipping order came in after the shipping-instruction cut-off ({at(booked.orderSubmittedAt, booked.sailing.portOfLoading)}).
        </p>
      ) : null}
    </section>
  );
}
