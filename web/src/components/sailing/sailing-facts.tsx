import { Trans, useTranslation } from 'react-i18next';
import { i18next } from '@/i18n';
import { formatAt, formatCount } from '@/lib/format';
import { fieldLabel } from '@/lib/field-words';
import { usePlaces } from '@/lib/places';
import type { Schema } from '@/types/contract';
import styles from './sailing.module.css';
import { Separator } from '@/components/ui/separator/separator';

// The DCSA cut-off codes the portal names (domain/booking/schedules.py `CUT_OFF_NAMES`): their names come from
// the catalogue in the language shown; another code reads as the server named it.
const CUT_OFF_CODES = ['DCO', 'VCO', 'FCO', 'LCO', 'EFC'] as const;
type CutOffCode = (typeof CUT_OFF_CODES)[number];

/** A cut-off's name in the language shown, by its code. */
export function cutOffName(cut: { code: string; name: string }): string {
  return (CUT_OFF_CODES as readonly string[]).includes(cut.code)
    ? i18next.t(`cutOffNames.${cut.code as CutOffCode}`)
    : cut.name;
}

export type SailingView = Schema<'SailingView'>;
export type BookingSailing = Schema<'BookingSailing'>;
export type SailingDeparture = Schema<'SailingDeparture'>;

/** Where the booking stands towards its sailing, from its lifecycle state. */
export type SailingStanding = {
  /** The booking ended without sailing (its `closed` screen): the sailing is only what it was booked on. */
  ended?: boolean;
  /** Nobody may change the sailing any more (the state's `sailing` fact is empty): an estimate stays one. */
  settled?: boolean;
};

/** A sailing's facts as a definition list: vessel, voyage, ETD, ETA, transit days, then its cut-offs; `ended`: of a
 * booking that ended without sailing, said as what it was booked on, without the cut-offs nobody has to meet;
 * `departed`: the vessel left (the booking's tracking saw it), so when and on what it left, and no cut-offs. */
export function SailingFacts({
  sailing,
  ended = false,
  settled = false,
  departed = null,
}: SailingStanding & {
  sailing: SailingView;
  departed?: SailingDeparture | null;
}) {
  const { t } = useTranslation('common');
  // Each time in the local time of the port where it happens: departure and cut-offs at the port of loading.
  const places = usePlaces([sailing.portOfLoading, sailing.portOfDischarge]);
  const loading = places.get(sailing.portOfLoading);
  const discharge = places.get(sailing.portOfDischarge);
  return (
    <>
      {departed ? (
        <p className={styles.vessel}>
          <Trans
            t={t}
            i18nKey="sailingFacts.leftOnVessel"
            values={{ vessel: departed.vesselName ?? sailing.vesselName ?? t('sailingFacts.theVessel') }}
            components={{ vessel: <bdi /> }}
          />
        </p>
      ) : sailing.estimated ? (
        <p className={styles.vessel}>
          {ended
            ? t('sailingFacts.estimatedWhenItEnded')
            : settled
              ? t('sailingFacts.estimatedSettled')
              : t('sailingFacts.estimatedTheCarrierHas')}
        </p>
      ) : (
        <p className={styles.vessel}>
          {sailing.vesselName ?? t('sailingFacts.vesselToBeNamed')}
          {sailing.vesselIMONumber ? ` (IMO ${sailing.vesselIMONumber})` : ''} {t('sailingFacts.voyage')}{' '}
          {sailing.voyage}
          <Separator />
          {sailing.serviceName}
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>
            <Trans
              t={t}
              i18nKey={departed ? 'sailingFacts.departedFrom' : 'sailingFacts.departsFrom'}
              values={{ port: loading?.name ?? sailing.portOfLoading }}
              components={{ port: <bdi /> }}
            />
          </dt>
          <dd>{formatAt(departed ? departed.at : sailing.departure, loading?.timeZone)}</dd>
        </div>
        <div>
          <dt>
            <Trans
              t={t}
              i18nKey="sailingFacts.arrivesAt"
              values={{ port: discharge?.name ?? sailing.portOfDischarge }}
              components={{ port: <bdi /> }}
            />
          </dt>
          <dd>{formatAt(sailing.arrival, discharge?.timeZone)}</dd>
        </div>
        <div>
          <dt>{t('sailingFacts.transit')}</dt>
          <dd>
            {formatCount(sailing.transitDays)} {t('sailingFacts.days')}
          </dd>
        </div>
      </dl>
      {sailing.cutOffs.length && !ended && !departed ? (
        <ul className={styles.cutOffs} aria-label={fieldLabel('cutOffs')}>
          {sailing.cutOffs.map((cut) => (
            <li key={cut.code}>
              <strong>{cutOffName(cut)}:</strong> {formatAt(cut.at, loading?.timeZone)}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

type Times = { departure: string; arrival: string; portOfLoading: string; portOfDischarge: string };

/** What a republished schedule moved, and only that: a departure that stayed is not said to have been
 * elsewhen (the e-mail of the move names only what moved, too). */
function movedWords(
  now: Pick<Times, 'departure' | 'arrival'>,
  was: Times,
  at: (value: string, port: string) => string,
): string {
  const moved = (a: string, b: string) => new Date(a).getTime() !== new Date(b).getTime();
  const departure = at(was.departure, was.portOfLoading);
  const arrival = at(was.arrival, was.portOfDischarge);
  const key = !moved(was.departure, now.departure)
    ? 'sailingFacts.movedArrival'
    : !moved(was.arrival, now.arrival)
      ? 'sailingFacts.movedDeparture'
      : 'sailingFacts.movedBoth';
  return i18next.t(key, { ns: 'common', departure, arrival, interpolation: { escapeValue: false } });
}

/** A booking's sailing: transport plan and cut-offs, what a republished schedule moved, a late order; `ended`:
 * the booking ended without sailing (cancelled, rejected, declined, expired), so only what it was booked on;
 * once its vessel left (`departed`, decision 3853), the sailing it left on: the plan's cut-offs and moves are
 * past; `settled`: nobody may change it any more, so an estimate is not said to be about to change. */
export function BookingSailingFacts({
  booked,
  ended = false,
  settled = false,
}: SailingStanding & { booked: BookingSailing }) {
  const { t } = useTranslation('common');
  const departed = ended ? null : (booked.departed ?? null);
  const past = ended || departed !== null;
  const before = booked.previous;
  const places = usePlaces([before?.portOfLoading, before?.portOfDischarge, booked.sailing.portOfLoading]);
  const at = (value: string | null | undefined, port: string | null | undefined) =>
    formatAt(value, port ? places.get(port)?.timeZone : null);
  return (
    <section aria-label={fieldLabel('sailing')} style={{ margin: '0.75rem 0' }}>
      <h3 style={{ margin: '0 0 0.5rem', fontSize: '1rem' }}>
        {ended ? t('sailingFacts.bookedOn') : departed ? t('sailingFacts.leftOn') : t('sailingFacts.sailingAndCutOffs')}
      </h3>
      <SailingFacts sailing={booked.sailing} ended={ended} settled={settled} departed={departed} />
      {past ? null : booked.previous?.estimated ? (
        <p className={styles.flag} role="status">
          {t('sailingFacts.theCarrierNamedThis')} {at(booked.previous.departure, booked.previous.portOfLoading)}.
        </p>
      ) : booked.previous ? (
        <p className={styles.flag} role="status">
          {movedWords(booked.sailing, booked.previous, at)}
        </p>
      ) : null}
      {booked.orderLate && !past ? (
        <p className={styles.flag} role="status">
          {t('sailingFacts.theShippingOrderCame')}
          {at(booked.orderSubmittedAt, booked.sailing.portOfLoading)}).
        </p>
      ) : null}
    </section>
  );
}
