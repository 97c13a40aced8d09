import { useTranslation } from 'react-i18next';
import styles from './kept-draft-notice.module.css';

/** Said at the top of a form that came back after the session ended (`useKeptDraft`'s `kept`, decision 3881):
 * it was not sent, and what was typed is there to send again. */
export function KeptDraftNotice({ kept }: { kept: boolean }) {
  const { t } = useTranslation('common');
  return kept ? (
    <p role="alert" className={styles.notice}>
      {t('keptDraft.notSent')}
    </p>
  ) : null;
}
