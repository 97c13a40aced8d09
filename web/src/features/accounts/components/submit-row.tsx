import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import styles from './accounts.module.css';

/** An account form's foot: its one submit button, busy while the request it sent is under way. */
export function SubmitRow({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <div className={styles.actions}>
      <Button type="submit" loading={pending}>
        {children}
      </Button>
    </div>
  );
}
