/**
 * The app's two languages. Every word a person reads comes from a catalogue here (one JSON file per
 * language and area); the browser's language decides on a first visit, the switch (and, signed in, the
 * account's choice) after that. `<html lang dir>` follows, so the whole layout mirrors for Persian.
 *
 * English is the fallback and ships with the entry; Persian is fetched when chosen (its own chunks), so an
 * English visitor does not download it and a Persian one does not download it twice.
 */
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import accounts from './locales/en/accounts.json';
import admin from './locales/en/admin.json';
import audit from './locales/en/audit.json';
import booking from './locales/en/booking.json';
import common from './locales/en/common.json';
import operations from './locales/en/operations.json';
import tracking from './locales/en/tracking.json';

export const LANGUAGES = ['en', 'fa'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The English catalogues: the fallback, and the shape every language must match (`tsc` checks keys). */
export const english = { common, accounts, booking, operations, admin, audit, tracking } as const;
export type Namespace = keyof typeof english;

const persian = import.meta.glob<{ default: Record<string, unknown> }>('./locales/fa/*.json');

/** Where the choice is kept in the browser (also read before sign-in, on the login page). */
export const LANGUAGE_STORAGE_KEY = 'freight.language';

function follow(language: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = i18next.dir(language);
}

i18next.on('languageChanged', follow);

void i18next
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: english },
    supportedLngs: LANGUAGES,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    defaultNS: 'common',
    ns: Object.keys(english),
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { bindI18nStore: 'added' },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
  });

/** The language shown now, narrowed to the two the app speaks. */
export function currentLanguage(): Language {
  return i18next.resolvedLanguage === 'fa' || i18next.language?.startsWith('fa') ? 'fa' : 'en';
}

async function load(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle('fa', 'common')) return;
  await Promise.all(
    Object.entries(persian).map(async ([path, read]) => {
      const namespace = /([\w-]+)\.json$/.exec(path)?.[1] ?? path;
      i18next.addResourceBundle('fa', namespace, (await read()).default, true, true);
    }),
  );
}

/** Shows the app in `language`, fetching its catalogues first (so no screen flashes half-translated). */
export async function setLanguage(language: Language): Promise<void> {
  await load(language);
  await i18next.changeLanguage(language);
}

/** Resolves once the detected language's catalogues are in: the app renders after it. */
export const ready: Promise<void> = load(currentLanguage()).then(() => follow(i18next.language));

export { i18next };
