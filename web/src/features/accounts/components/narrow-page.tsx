import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '@/components/language-switch';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import styles from './accounts.module.css';

/** A signed-out page of one narrow card (password and invitation links): its tab title, the language switch
 * and its heading; `dialogs` stand beside the card. */
export function NarrowPage({
  documentTitle,
  title,
  children,
  dialogs,
}: {
  documentTitle: string;
  title: string;
  children: ReactNode;
  dialogs?: ReactNode;
}) {
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <main className={styles.page}>
      <div className={`${styles.card} ${styles.narrow}`}>
        <LanguageSwitch />
        <h1 className={styles.title}>{title}</h1>
        {children}
      </div>
      {dialogs}
    </main>
  );
}

/** The success dialog of a signed-out step that ends at the login page: its one button (and nothing else)
 * closes it, going there. */
export function ToLoginDialog({ open, title, children }: { open: boolean; title: string; children: ReactNode }) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onClose={() => navigate('/login')}
      title={title}
      tone="success"
      dismissible={false}
      actions={<Button onClick={() => navigate('/login')}>{t('confirm')}</Button>}
    >
      {children}
    </Dialog>
  );
}
