import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '@/i18n';
import type { Language } from '@/i18n';
import styles from './language-switch.module.css';

/** The one control that turns the whole app to the other language; named in the language it turns to. */
export function LanguageSwitch({ onChange }: { onChange?: (language: Language) => void }) {
  const { t } = useTranslation();
  const other: Language = currentLanguage() === 'fa' ? 'en' : 'fa';
  return (
    <button
      type="button"
      className={styles.switch}
      lang={other}
      aria-label={t('language.switchLabel')}
      onClick={() => {
        void setLanguage(other);
        onChange?.(other);
      }}
    >
      {t('language.switchTo')}
    </button>
  );
}
