import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { SignUpFlow } from '../components/sign-up-flow';
import styles from '../components/accounts.module.css';

export function RegisterRoute() {
  const { t } = useTranslation('accounts');
  const documentTitle = t('register.documentTitle');
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <LanguageSwitch />
        <h1 className={styles.title}>{t('register.title')}</h1>
        <p className={styles.subtitle}>{t('register.subtitle')}</p>

        <SignUpFlow />
      </div>
    </main>
  );
}
