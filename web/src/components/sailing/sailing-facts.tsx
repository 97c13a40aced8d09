import { formatMoment } from '@/lib/format';
import type { Schema } from '@/types/contract';
import styles from './sailing.module.css';

export type SailingView = Schema<'SailingView'>;
export type BookingSailing = Schema<'BookingSailing'>;

/** A sailing's facts as a definition list: vessel, voyage, ETD, ETA, transit days, then its cut-offs. */
export function SailingFacts({ sailing }: { sailing: SailingView }) {
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
          <dt>ETD {sailing.portOfLoading}</dt>
          <dd>{formatMoment(sailing.departure)}</dd>
        </div>
        <div>
          <dt>ETA {sailing.portOfDischarge}</dt>
          <dd>{formatMoment(sailing.arrival)}</dd>
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
              <strong>{cut.name}:</strong> {formatMoment(cut.at)}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** A booking's sailing: transport plan and cut-offs, what a republished schedule moved, a late order. */
export function BookingSailingFacts({ booked }: { booked: BookingSailing }) {
  return (
    <section aria-label="Sailing" style={{ margin: '0.75rem 0' }}>
      <h3 style={{ margin: '0 0 0.5rem', fontSize: '1rem' }}>Sailing and cut-offs</h3>
      <SailingFacts sailing={booked.sailing} />
      {booked.previous?.estimated ? (
        <p className={styles.flag} role="status">
          The carrier named this sailing; it was estimated to leave {formatMoment(booked.previous.departure)}.
        </p>
      ) : booked.previous ? (
        <p className={styles.flag} role="status">
          The carrier moved this sailing: departure was {formatMoment(booked.previous.departure)}, arrival was{' '}
          {formatMoment(booked.previous.arrival)}.
        </p>
      ) : null}
      {booked.orderLate ? (
        <p className={styles.flag} role="status">
          The shipping order came in after the shipping-instruction cut-off ({formatMoment(booked.orderSubmittedAt)}).
        </p>
      ) : null}
    </section>
  );
}
