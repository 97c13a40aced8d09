import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Keeps the document's title as the page's, then the portal's name, both in the language shown (the title is
 * the first thing a screen reader says of a page); the portal's name alone without a page title. */
export function useDocumentTitle(title?: string): void {
  const { t } = useTranslation('common');
  const brand = t('shell.brand');
  useEffect(() => {
    document.title = title ? `${title} | ${brand}` : brand;
  }, [title, brand]);
}
