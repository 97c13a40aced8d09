import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/document-title';
import styles from './content-layout.module.css';

export interface ContentLayoutProps {
  title: string;
  /** Text under the title. */
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** A titled page: the heading, optional actions beside it, and the document title kept in step. */
export function ContentLayout({ title, description, actions, children }: ContentLayoutProps) {
  useDocumentTitle(title);

  return (
    <section className={styles.page}>
      <header className={`spread-row ${styles.header}`}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {description ? <p className={styles.description}>{description}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
