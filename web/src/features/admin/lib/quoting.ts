/** How quoting goes, worded for the staff overview: shares as percentages, waits as durations. */
import { formatDate, formatDecimal, localDigits } from '@/lib/format';
import { i18next } from '@/i18n';

/** `0.333` -> `33%`; null (no requests that week) -> `-`. */
/** A share as a whole percent; one that rounds to 0 or 100 without being so (1 instant quote in 300) is said
 * as under 1 % or over 99 %, never as none or all. */
export function formatShare(share: number | null | undefined): string {
  if (share === null || share === undefined) return '-';
  const percent = Math.round(share * 100);
  const key =
    share > 0 && percent === 0
      ? 'quoting.shareUnderOne'
      : share < 1 && percent === 100
        ? 'quoting.shareOverAlmostAll'
        : 'quoting.share';
  return localDigits(i18next.t(key, { ns: 'admin', percent }));
}

/** Seconds from asking to the first quote: `under 1 s`, then s, min, h or days. Not "instant": on this
 * screen that word means priced by the tariff, and staff too can quote within a second. */
export function formatWait(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '-';
  const t = i18next.getFixedT(null, 'admin');
  if (seconds < 1) return t('quoting.wait.underASecond');
  if (seconds < 60) return localDigits(t('quoting.wait.seconds', { n: Math.round(seconds) }));
  if (seconds < 3600) return localDigits(t('quoting.wait.minutes', { n: Math.round(seconds / 60) }));
  // A fraction as the language writes it (`۵٫۵` in Persian), already in its digits: not a Latin `5.5`, which
  // the catalogue would isolate as text and then turn digit by digit into `۵.۵`.
  if (seconds < 86400) return t('quoting.wait.hours', { n: formatDecimal(seconds / 3600, 1) });
  return t('quoting.wait.days', { n: formatDecimal(seconds / 86400, 1) });
}

/** `2026/11/23` for a week's Monday: a day as every screen writes one. */
export function weekLabel(weekStart: string): string {
  return formatDate(weekStart);
}
