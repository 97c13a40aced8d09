/** How quoting goes, worded for the staff overview: shares as percentages, waits as durations. */
import { formatDate } from '@/lib/format';

/** `0.333` -> `33%`; null (no requests that week) -> `-`. */
export function formatShare(share: number | null | undefined): string {
  return share === null || share === undefined ? '-' : `${Math.round(share * 100)}%`;
}

/** Seconds from asking to the first quote: `instant` under a second, then s, min, h or days. */
export function formatWait(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '-';
  if (seconds < 1) return 'instant';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86400).toFixed(1)} days`;
}

/** `2026/11/23` for a week's Monday: a day as every screen writes one. */
export function weekLabel(weekStart: string): string {
  return formatDate(weekStart);
}
