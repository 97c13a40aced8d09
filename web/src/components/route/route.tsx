import { useTranslation } from 'react-i18next';

/** A booking's way from its port of loading to its port of discharge: each name isolated (a Latin name and its
 * code in brackets would otherwise pull the arrow into its run), the arrow pointing the way the text reads, from
 * the catalogue (→ in English, ← in Persian), so every screen says a route one way. */
export function Route({ from, to }: { from: string | null; to: string | null }) {
  const { t } = useTranslation('common');
  return (
    <>
      <bdi>{from}</bdi> {t('punctuation.toward')} <bdi>{to}</bdi>
    </>
  );
}
