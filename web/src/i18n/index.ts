/**
 * The app's two languages. Every word a person reads comes from a catalogue here (one JSON file per
 * language and area); the browser's language decides on a first visit, the switch (and, signed in, the
 * account's choice) after that. `<html lang dir>` follows, so the whole layout mirrors for Persian.
 *
 * The entry carries only the words of the login page and the shell around it: a few sections of English
 * `common` and `accounts`, picked by name from the catalogues (named JSON imports, so the rest is not in the
 * entry; the login page's first load has a budget, checked by scripts/login-size.mjs). Every whole area,
 * English `common` and `accounts` included, and every Persian one, is its own chunk, fetched before a screen
 * that needs it renders (`loadCatalogues`, awaited by the lazy routes and by `setLanguage`), so no screen
 * shows half its words.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { persianDigits } from './digits';
import { isolate } from './isolate';
// `?entry`: a module of its own, apart from the whole area the chunks import, so only these sections are kept.
import { login, loginBanner, loginForm } from './locales/en/accounts.json?entry';
import type accounts from './locales/en/accounts.json';
import type admin from './locales/en/admin.json';
import type audit from './locales/en/audit.json';
import type booking from './locales/en/booking.json';
import {
  dialog,
  errors,
  language,
  menu,
  notFound,
  passwordInput,
  routeError,
  shell,
  staffOnly,
  toaster,
} from './locales/en/common.json?entry';
import type common from './locales/en/common.json';
import type operations from './locales/en/operations.json';
import type tracking from './locales/en/tracking.json';

export const LANGUAGES = ['en', 'fa'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The English words in the entry: the login page's and the shell's sections (the whole areas are chunks). */
export const english = {
  common: { dialog, errors, language, menu, notFound, passwordInput, routeError, shell, staffOnly, toaster } as Pick<
    typeof common,
    | 'dialog'
    | 'errors'
    | 'language'
    | 'menu'
    | 'notFound'
    | 'passwordInput'
    | 'routeError'
    | 'shell'
    | 'staffOnly'
    | 'toaster'
  >,
  accounts: { login, loginBanner, loginForm } as Pick<typeof accounts, 'login' | 'loginBanner' | 'loginForm'>,
};

/** Every English catalogue: the fallback, and the shape every language must match (`tsc` checks keys). */
export interface EnglishCatalogues {
  common: typeof common;
  accounts: typeof accounts;
  booking: typeof booking;
  operations: typeof operations;
  admin: typeof admin;
  audit: typeof audit;
  tracking: typeof tracking;
}
export type Namespace = keyof EnglishCatalogues;

const NAMESPACES: readonly Namespace[] = ['common', 'accounts', 'booking', 'operations', 'admin', 'audit', 'tracking'];

const chunks = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/fa/*.json', './locales/en/*.json']);

/** Where the choice is kept in the browser (also read before sign-in, on the login page). */
export const LANGUAGE_STORAGE_KEY = 'freight.language';

function stored(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage refused (private mode, a sandboxed frame): the browser's language decides
  }
}

/** The kept choice first, then the browser's preferred languages; English when neither is one we speak. */
function detect(): Language {
  const wanted = [stored(), ...(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]))];
  for (const tag of wanted) {
    const base = tag?.toLowerCase().split('-')[0];
    if (base === 'fa' || base === 'en') return base;
  }
  return 'en';
}

function follow(language: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = i18next.dir(language);
}

i18next.on('languageChanged', (language) => {
  follow(language);
  try {
    if (typeof localStorage !== 'undefined') localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // not kept: the next visit detects again
  }
});

void i18next.use(initReactI18next).init({
  lng: detect(),
  resources: { en: english },
  partialBundledLanguages: true,
  supportedLngs: LANGUAGES,
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: [...NAMESPACES],
  // Every value goes through the formatter, even without a format: numbers get the language's digits below.
  interpolation: { escapeValue: false, alwaysFormat: true },
  initAsync: false,
  react: { bindI18nStore: 'added' },
});

// A number put into a sentence is written in the sentence's digits: "۲۱ روز", not "21 روز". Only numbers:
// a reference, a container number or a code passed as text keeps its own characters, and in Persian is
// isolated from the sentence (U+2068 … U+2069, record 3884), so "رزرو FB-2026-000123" keeps its order in an
// aria-label or a link's name as on the page.
type Format = (value: unknown, format: string | undefined, language: string | undefined, options: object) => unknown;
const interpolator = i18next.services.interpolator as unknown as { format: Format };
const formatValue = interpolator.format;
interpolator.format = (value, format, language, options) => {
  const formatted = formatValue(value, format, language, options);
  const persian = language?.startsWith('fa') ?? false;
  if (typeof value === 'number' && format === undefined && persian) return persianDigits(String(formatted));
  return typeof formatted === 'string' && typeof value === 'string' ? isolate(formatted, persian) : formatted;
};

/** The language shown now, narrowed to the two the app speaks. */
export function currentLanguage(): Language {
  return i18next.resolvedLanguage === 'fa' || i18next.language?.startsWith('fa') ? 'fa' : 'en';
}

// The areas fetched whole (the entry's English sections are not: their areas are fetched like any other).
const loaded = new Set<string>();

async function loadOne(language: Language, namespace: Namespace): Promise<void> {
  const key = `${language}/${namespace}`;
  if (loaded.has(key)) return;
  const read = chunks[`./locales/${key}.json`];
  if (!read) throw new Error(`no catalogue ${key}`);
  i18next.addResourceBundle(language, namespace, (await read()).default, true, true);
  loaded.add(key);
}

/**
 * Fetches the catalogues a screen needs (all areas by default) in the language shown and in English, the
 * fallback. Resolves at once when they are in.
 */
export async function loadCatalogues(
  namespaces: readonly Namespace[] = NAMESPACES,
  language: Language = currentLanguage(),
): Promise<void> {
  const languages: Language[] = language === 'en' ? ['en'] : [language, 'en'];
  await Promise.all(languages.flatMap((lng) => namespaces.map((namespace) => loadOne(lng, namespace))));
}

/**
 * The login page's areas: in English its words are in the entry (nothing to fetch); in another language its
 * areas whole, with English beside them as the fallback.
 */
export async function loadLoginCatalogues(language: Language = currentLanguage()): Promise<void> {
  if (language === 'en') return;
  const namespaces: Namespace[] = ['common', 'accounts'];
  const languages: Language[] = [language, 'en'];
  await Promise.all(languages.flatMap((lng) => namespaces.map((namespace) => loadOne(lng, namespace))));
}

/** Shows the app in `language`, fetching its catalogues first (so no screen flashes half-translated). */
export async function setLanguage(language: Language): Promise<void> {
  await loadCatalogues(NAMESPACES, language);
  await i18next.changeLanguage(language);
}

/**
 * Resolves once the detected language's catalogues are in: the app renders after it. English needs no wait
 * (the login page's areas are in the entry); Persian fetches all of its areas.
 */
export const ready: Promise<void> = (currentLanguage() === 'en' ? Promise.resolve() : loadCatalogues()).then(() =>
  follow(i18next.language),
);

export { i18next };
