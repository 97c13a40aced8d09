/**
 * "Skip to content" (record 3875, every page since 3884): the first stop of every page, public or signed in,
 * out of sight until focused. It leads past the header, the menu, the banner and the language switch to the
 * page's main heading (or, without one, to `main` itself) without touching the address.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusHeadingNow } from '@/lib/page-focus';
import styles from './skip-link.module.css';

/** Where the main content starts: the skip link's address (the dashboard's `main` has this id). */
export const CONTENT_ID = 'main-content';

/** Focuses the page's main heading, else its main content; whether something took the focus. */
export function skipToContent(): boolean {
  if (focusHeadingNow()) return true;
  const main = document.getElementById(CONTENT_ID) ?? document.querySelector<HTMLElement>('main');
  if (!main) return false;
  if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
  main.focus({ preventScroll: true });
  return document.activeElement === main;
}

/** A layout's way to take the skip link out of reach while something modal is open (the phone menu). */
const SetInert = createContext<(inert: boolean) => void>(() => undefined);

/** The skip link before everything a page shows (`RootLayout`: every layout, public or the dashboard's). */
export function WithSkipLink({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [inert, setInert] = useState(false);
  // The link's own address is the content; the router is not asked to go to a fragment.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    skipToContent();
  };
  return (
    <SetInert.Provider value={setInert}>
      <a href={`#${CONTENT_ID}`} className={styles.skipLink} onClick={onClick} inert={inert}>
        {t('shell.skipToContent')}
      </a>
      {children}
    </SetInert.Provider>
  );
}

/** While `inert` (a modal drawer open), the skip link cannot be reached either. */
export function useSkipLinkInert(inert: boolean) {
  const setInert = useContext(SetInert);
  useEffect(() => {
    setInert(inert);
    return () => setInert(false);
  }, [inert, setInert]);
}
