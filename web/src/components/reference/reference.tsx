import type { ReactNode } from 'react';
import { Ltr } from '@/components/ui/ltr/ltr';
import styles from './reference.module.css';

/** A booking's reference (FB-2026-000041): isolated from the words around it and never broken at its hyphens
 * across two lines of a narrow card. Given as `value` it is Latin, written left to right; in a sentence
 * (`<Trans components>`) the translation's tag gives it as children, which may be the sentence's own words
 * for a booking without one, so their direction is their own. */
export function Reference({ value, children }: { value?: string; children?: ReactNode }) {
  if (value !== undefined) return <Ltr className={styles.reference}>{value}</Ltr>;
  return <bdi className={styles.reference}>{children}</bdi>;
}
