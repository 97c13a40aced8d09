import { useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { quotingStatsOptions } from '../api/quoting';
import type { QuotingWeeks } from '../api/quoting';
import { formatShare, formatWait, weekLabel } from '../lib/quoting';
import styles from './admin.module.css';
import { useTranslation } from 'react-i18next';
import { localDigits } from '@/lib/format';
import { Panel } from '@/components/panel/panel';

const WEEKS = 8;
const HEIGHT = 120;
// The chart is drawn in the pixels of its box (its viewBox as wide as the box), so its words keep their size
// at any width: a phone's narrow chart has narrower bars and fewer week labels, never smaller text.
const FONT = 12;
const WIDEST = 640; // the box's max-width (40rem); also the width drawn before the box is measured
// Where the grid starts: the share labels end before it, anchored at their end, so the widest ("100%", or
// "٪۱۰۰", whose sign's ink reaches left of where it starts) never runs off the chart's left edge.
const AXIS = 44;
// What a week's label ("2026/11/23", or "۱۴۰۵/۰۹/۰۲") takes at FONT, with a gap before the next.
const LABEL = 84;

/** The width of the element `ref` is put on, followed as it changes (the width drawn until it is known). */
function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(WIDEST);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      if (box.clientWidth > 0) setWidth(Math.min(box.clientWidth, WIDEST));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** Two bars a week: the share quoted instantly and the share of quotes accepted (0-100%). */
function Bars({ weeks }: { weeks: QuotingWeeks }) {
  const { t } = useTranslation('admin');
  const [box, width] = useWidth();
  const slot = (width - AXIS) / Math.max(weeks.length, 1);
  const bar = Math.max(4, Math.min(20, Math.floor((slot - 10) / 2)));
  // A week's label is wider than a phone's slot: every `every`-th week is labelled, counted from the newest,
  // each label ending under its own bars, so none runs into the next or off the chart.
  const every = Math.max(1, Math.ceil(LABEL / slot));
  const y = (share: number | null) => HEIGHT - Math.round((share ?? 0) * (HEIGHT - 8));
  return (
    <div ref={box} className={styles.chart}>
      <svg
        width={width}
        height={HEIGHT + FONT + 12}
        viewBox={`0 0 ${width} ${HEIGHT + FONT + 12}`}
        role="img"
        aria-label={t('quoting.chartLabel')}
        // Time runs left to right on the chart in either language: each label's end stays under its own bars.
        direction="ltr"
      >
        {[0.5, 1].map((share) => (
          <g key={share}>
            <line x1={AXIS} x2={width} y1={y(share)} y2={y(share)} stroke="#e5e7eb" />
            <text x={AXIS - 6} y={y(share) + FONT / 3} fontSize={FONT} fill="#4b5563" textAnchor="end">
              {formatShare(share)}
            </text>
          </g>
        ))}
        <line x1={AXIS} x2={width} y1={HEIGHT} y2={HEIGHT} stroke="#9ca3af" />
        {weeks.map((w, i) => {
          const x = AXIS + i * slot + (slot - 2 * bar - 2) / 2;
          const end = x + 2 * bar + 2;
          return (
            <g key={w.weekStart}>
              <rect x={x} y={y(w.instantShare)} width={bar} height={HEIGHT - y(w.instantShare)} fill="#1d4ed8">
                <title>
                  {t('quoting.barInstant', { week: weekLabel(w.weekStart), share: formatShare(w.instantShare) })}
                </title>
              </rect>
              <rect
                x={x + bar + 2}
                y={y(w.acceptedShare)}
                width={bar}
                height={HEIGHT - y(w.acceptedShare)}
                fill="#15803d"
              >
                <title>
                  {t('quoting.barAccepted', { week: weekLabel(w.weekStart), share: formatShare(w.acceptedShare) })}
                </title>
              </rect>
              {(weeks.length - 1 - i) % every === 0 && end >= LABEL ? (
                <text x={end} y={HEIGHT + FONT + 4} fontSize={FONT} fill="#374151" textAnchor="end">
                  {weekLabel(w.weekStart)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
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
    <Panel aria-labelledby="quoting-heading" className={styles.quoting}>
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
    </Panel>
  );
}
