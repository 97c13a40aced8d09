import type { ReactNode } from 'react';
import { ContentLayout } from './content-layout';
import styles from './placeholder.module.css';

export interface PlaceholderPageProps {
  title: string;
  children?: ReactNode;
}

/** A screen whose content a later change fills in; it already has its title and route. */
export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  return <ContentLayout title={title}>{children ? <div className={styles.card}>{children}</div> : null}</ContentLayout>;
}
