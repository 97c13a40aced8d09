import type { ComponentPropsWithoutRef } from 'react';
import styles from './panel.module.css';

type PanelProps = ComponentPropsWithoutRef<'section'> & {
  /** The id of the panel's heading: a panel is a region named by its heading. */
  'aria-labelledby': string;
};

/** A panel of an overview: the one look every feature's overview panels share (panel.module.css). */
export function Panel({ className, ...props }: PanelProps) {
  return <section {...props} className={className ? `${styles.panel} ${className}` : styles.panel} />;
}
