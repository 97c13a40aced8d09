/**
 * The signed-in person's language is their account's: it follows them to another browser. Before sign-in the
 * browser's choice (the switch, kept in localStorage) is all there is; once the account's answer (`/me`) says
 * which language it keeps, the app turns to it, and a switch while signed in is saved on the account.
 */
import { useCallback, useEffect, useRef } from 'react';
import { currentLanguage, LANGUAGES, setLanguage } from '@/i18n';
import type { Language } from '@/i18n';
import type { Answer } from '@/types/contract';
import { api } from './api-client';
import { hasToken } from './session';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language an account's `/me` answer names, if it names one the app speaks. */
export function accountLanguage(me: object | null | undefined): Language | undefined {
  const value = me && 'language' in me ? me.language : undefined;
  return isLanguage(value) ? value : undefined;
}

/** Saves the account's language (`PUT /account/api/v1/client/profile/language`). */
export function saveAccountLanguage(language: Language): Promise<Answer<'profile_choose_language'>> {
  return api.put<Answer<'profile_choose_language'>>('/account/api/v1/client/profile/language', { language });
}

/**
 * (a) Applies the account's language when its `/me` answer arrives (once per answer, so a later switch is not
 * undone by a cached answer, and never after the person switched here: an answer that was on its way then is
 * older than their choice); (b) returns what to call when the person switches: it saves the choice on the
 * account while signed in. A failed save leaves the screen in the chosen language (the browser keeps it too).
 */
export function useAccountLanguage(me: object | null | undefined): (language: Language) => void {
  const applied = useRef<Language | undefined>(undefined);
  const switched = useRef(false);
  const wanted = accountLanguage(me);
  useEffect(() => {
    if (!wanted || switched.current || applied.current === wanted) return;
    applied.current = wanted;
    if (wanted !== currentLanguage()) void setLanguage(wanted);
  }, [wanted]);
  return useCallback((language: Language) => {
    switched.current = true;
    applied.current = language;
    if (hasToken()) void saveAccountLanguage(language).catch(() => undefined);
  }, []);
}
