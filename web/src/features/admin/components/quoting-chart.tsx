import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { quotingStatsOptions } from '../api/quoting';
import type { QuotingWeeks } from '../api/quoting';
import { formatShare, formatWait, weekLabel } from '../lib/quoting';
import styles from './admin.module.css';
import { useTranslation } from 'react-i18next';
import { localDigits } from '@/lib/format';

const WEEKS = 8;
const HEIGHT = 120;
const BAR = 14;
const SLOT = 48;
// Where the grid starts: the share labels end before it, anchored at their end, so the widest ("100%", or
// "٪۱۰۰", whose sign's ink reaches left of where it starts) never runs off the chart's left edge.
const AXIS = 36;

/** Two bars a week: the share quoted instantly and the share of quotes accepted (0-100%). */
function Bars({ weeks }: { weeks: QuotingWeeks }) {
  const { t } = useTranslation('admin');
  const width = weeks.length * SLOT + AXIS;
  const y = (share: number | null) => HEIGHT - Math.round((share ?? 0) * (HEIGHT - 8));
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${width} ${HEIGHT + 20}`}
      role="img"
      aria-label={t('quoting.chartLabel')}
      preserveAspectRatio="xMinYMin meet"
      // Time runs left to right on the chart in either language: each label's end stays under its own bars.
      direction="ltr"
    >
      {[0.5, 1].map((share) => (
        <g key={share}>
          <line x1={AXIS} x2={width} y1={y(share)} y2={y(share)} stroke="#e5e7eb" />
          <text x={AXIS - 4} y={y(share) + 4} fontSize="10" fill="#4b5563" textAnchor="end">
            {formatShare(share)}
          </text>
        </g>
      ))}
      <line x1={AXIS} x2={width} y1={HEIGHT} y2={HEIGHT} stroke="#9ca3af" />
      {weeks.map((w, i) => {
        const x = i * SLOT + AXIS + 8;
        return (
          <g key={w.weekStart}>
            <rect x={x} y={y(w.instantShare)} width={BAR} height={HEIGHT - y(w.instantShare)} fill="#1d4ed8">
              <title>
                {t('quoting.barInstant', { week: weekLabel(w.weekStart), share: formatShare(w.instantShare) })}
              </title>
            </rect>
            <rect
              x={x + BAR + 2}
              y={y(w.acceptedShare)}
              width={BAR}
              height={HEIGHT - y(w.acceptedShare)}
              fill="#15803d"
            >
              <title>
                {t('quoting.barAccepted', { week: weekLabel(w.weekStart), share: formatShare(w.acceptedShare) })}
              </title>
            </rect>
            {/* A week's label is wider than its slot: every other week is labelled, counted from the newest,
                each label ending under its own bars, so none runs into the next or off the chart. */}
            {(weeks.length - 1 - i) % 2 === 0 ? (
              <text x={x + 2 * BAR + 2} y={HEIGHT + 14} fontSize="10" fill="#374151" textAnchor="end">
                {weekLabel(w.weekStart)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

type QuotingWay = QuotingWeeks[number]['fromTariff'];

/** The median time to quote of one way of quoting; a week whose requests none was quoted that way says so
 * (`none`) instead of a time, and a week without requests shows nothing. */
function wayWait(requests: number, way: QuotingWay, none: string): string {
  if (!requests) return '-';
  return way.quoted ? formatWait(way.medianSecondsToQuote) : none;
}

/** How many of the week's requests still wait for a price, with how long the oldest has waited so far. */
function waiting(w: QuotingWeeks[number], t: TFunction<'admin'>): string {
  if (!w.requests) return '-';
  if (!w.waiting) return localDigits('0');
  return localDigits(t('quoting.waitingCount', { n: w.waiting, wait: formatWait(w.oldestWaitSeconds) }));
}

/** The staff overview's view of quoting: instant share, what still waits for a price, time to quote from the
 * tariff and by staff, and acceptance, by week. */
export function QuotingPanel() {
  const { t } = useTranslation('admin');
  const query = useQuery(quotingStatsOptions(WEEKS));
  if (query.isPending) return null;
  if (query.isError) return <p role="alert">{t('quoting.error')}</p>;
  const weeks = query.data;
  return (
    <section aria-labelledby="quoting-heading" className={`${styles.section} ${styles.quoting}`}>
      <h2 id="quoting-heading">{t('quoting.title')}</h2>
      <p className={styles.legend}>
        <span className={styles.swatchInstant} aria-hidden="true" /> {t('quoting.instant')}{' '}
        <span className={styles.swatchAccepted} aria-hidden="true" /> {t('quoting.accepted')}
      </p>
      <Bars weeks={weeks} />
      <p className={styles.legend}>{t('quoting.waitNote')}</p>
      <p className={styles.legend}>{t('quoting.waitingNote')}</p>
      {/* A scrolling region is reachable by keyboard (it may scroll sideways on a phone). */}
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('quoting.byWeek')}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('quoting.byWeek')}</caption>
          {/* The time to quote is told apart for each way a request was priced: the tariff's instant quotes
              mixed with staff's would make a week of many of them read fast whatever staff took. */}
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>
                {t('quoting.weekOf')}
              </th>
              <th scope="col" rowSpan={2}>
                {t('quoting.requests')}
              </th>
              {/* Next to the requests: what is still owed a price is what staff act on. */}
              <th scope="col" rowSpan={2}>
                {t('quoting.waiting')}
              </th>
              <th scope="colgroup" colSpan={2}>
                {t('quoting.fromTariff')}
              </th>
              <th scope="colgroup" colSpan={3}>
                {t('quoting.byStaff')}
              </th>
              <th scope="col" rowSpan={2}>
                {t('quoting.acceptedHead')}
              </th>
            </tr>
            <tr>
              <th scope="col">{t('quoting.quotedShare')}</th>
              <th scope="col">{t('quoting.median')}</th>
              <th scope="col">{t('quoting.quoted')}</th>
              <th scope="col">{t('quoting.median')}</th>
              <th scope="col">{t('quoting.p90')}</th>
            </tr>
          </thead>
          <tbody>
            {[...weeks].reverse().map((w) => (
              <tr key={w.weekStart} data-testid="quoting-week">
                <td>{weekLabel(w.weekStart)}</td>
                <td>{localDigits(String(w.requests))}</td>
                <td>{waiting(w, t)}</td>
                <td>
                  {w.requests
                    ? localDigits(
                        t('quoting.countAndShare', {
                          n: w.fromTariff.quoted,
                          share: formatShare(w.instantShare),
                        }),
                      )
                    : '-'}
                </td>
                <td>{wayWait(w.requests, w.fromTariff, t('quoting.noTariffQuotes'))}</td>
                <td>{w.requests ? localDigits(String(w.byStaff.quoted)) : '-'}</td>
                <td>{wayWait(w.requests, w.byStaff, t('quoting.noStaffQuotes'))}</td>
                <td>{formatWait(w.byStaff.p90SecondsToQuote)}</td>
                <td>{formatShare(w.acceptedShare)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
