import { useTranslation } from 'react-i18next';

/** The mark between two facts on a line, with its spaces: a middle dot in English, a dash in Persian, where
 * the middle dot is drawn as the Persian zero and "FB-… · ۱ × ۲۰" would read as a number. */
export function useSeparator(): string {
  const { t } = useTranslation('common');
  return t('punctuation.separator');
}

export function Separator() {
  return <>{useSeparator()}</>;
}
