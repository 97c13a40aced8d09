/**
 * What a person was writing when her session ended (logged out in another tab, every session ended, the token
 * expired): a 401 sends her to the login page, whose `next` brings her back to the same screen once signed in
 * again. Without this what she had typed into the open form would be gone there, and nothing would say that
 * what she sent was not done (decision 3881).
 *
 * A form that asks for free text (a reason, a message) keeps it with `useKeptDraft` while it is open: on any
 * 401 (`keepOpenDrafts`, called by the API client) its text is written to this tab's sessionStorage under the
 * screen's path and the form's name. Back on that screen the form opens again with the text, and
 * `KeptDraftNotice` (components/kept-draft-notice) says it was not sent; the stored copy is removed as soon as
 * it is read. Only the free text of such forms is kept: never a password or any other secret. Logging out on
 * purpose drops the person's kept drafts (`dropKeptDraftsOf`).
 *
 * A kept draft is its writer's (decision 3888): it records the person signed in when the form opened (the
 * token's subject), is given back only to her, and goes when anyone else signs in on the tab (a shared
 * computer) or opens its screen. A form whose writer is not known is not kept: no one could be given it.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { personOf } from './token';

/** What a form keeps: one text, or several named texts (a message per field). */
export type DraftValue = string | Readonly<Record<string, string>>;

const PREFIX = 'keptDraft:';

interface OpenDraft {
  /** The storage key: the screen's path and the form's name, fixed when the form opened. */
  key: string;
  /** Who wrote it: the person signed in when the form opened (by the 401 her cookie may be gone already). */
  person: string | undefined;
  read: () => DraftValue;
}

/** What is stored: the text, and whose it is. */
interface StoredDraft {
  value?: unknown;
  person?: unknown;
}

/** The forms open now (there is one at a time in practice; a Set in case a screen has more). */
const openDrafts = new Set<OpenDraft>();

function storageKey(name: string, path: string): string {
  return `${PREFIX}${path}#${name}`;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage switched off: the draft is lost as before, nothing breaks
  }
}

/** A 401 ended the session: every open form's text is kept for when its screen is opened again. */
export function keepOpenDrafts(): void {
  const store = storage();
  if (!store) return;
  for (const draft of openDrafts) {
    const { person } = draft;
    if (person === undefined) continue;
    // An open form with nothing typed is kept too (an optional reason): its act was not done either.
    try {
      store.setItem(draft.key, JSON.stringify({ value: draft.read(), person }));
    } catch {
      // full or refused: nothing more to do
    }
  }
}

/** Whether any form's text waits for its screen (the login page says so). */
export function hasKeptDrafts(): boolean {
  const store = storage();
  if (!store) return false;
  for (let i = 0; i < store.length; i += 1) if (store.key(i)?.startsWith(PREFIX)) return true;
  return false;
}

function parse(raw: string | null): StoredDraft | null {
  if (!raw) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    return typeof stored === 'object' && stored !== null ? (stored as StoredDraft) : null;
  } catch {
    return null;
  }
}

/** Drops the kept drafts `drop` picks (by what is stored). */
function dropWhere(drop: (stored: StoredDraft | null) => boolean): void {
  const store = storage();
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX) && drop(parse(store.getItem(key)))) keys.push(key);
  }
  keys.forEach((key) => store.removeItem(key));
}

/** Logging out on purpose: nothing typed before stays for whoever signs in next in this tab. */
export function dropKeptDrafts(): void {
  dropWhere(() => true);
}

/**
 * `person` logged out on purpose: her drafts go, and any whose writer is not known; with no one known, all go.
 * A draft of someone else's (her tab found another person signed in, decision 3893) stays for its writer.
 */
export function dropKeptDraftsOf(person: string | undefined): void {
  dropWhere((stored) => person === undefined || typeof stored?.person !== 'string' || stored.person === person);
}

/** `person` signed in (undefined: no one known): whatever anyone else wrote goes, unseen (decision 3888). */
export function dropKeptDraftsOfOthers(person: string | undefined): void {
  dropWhere((stored) => person === undefined || stored?.person !== person);
}

/**
 * The kept value of `key` if `person` wrote it and it has the shape of `initial` (a string, or a record of
 * strings), else null. Someone else's is removed unread; with no one signed in it is left for its writer.
 */
function readKept<V extends DraftValue>(key: string, initial: V, person: string | undefined): V | null {
  const stored = parse(storage()?.getItem(key) ?? null);
  if (!stored) return null;
  if (person === undefined) return null;
  if (stored.person !== person) {
    storage()?.removeItem(key);
    return null;
  }
  const value = stored.value;
  if (typeof initial === 'string') return typeof value === 'string' ? (value as V) : null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const texts = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return Object.fromEntries(texts) as V;
}

export interface KeptDraft<V extends DraftValue> {
  value: V;
  setValue: (value: V | ((previous: V) => V)) => void;
  /** Whether the form (a dialog, mostly) is open: it opens by itself when its text came back. */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The form's text came back after the session ended: say so in it (`KeptDraftNotice`). Until it closes. */
  kept: boolean;
}

/**
 * A form's free text (`initial`: '' or a record of ''), and whether the form is open: kept through a session
 * that ends while it is open. `name` tells the forms of one screen apart.
 */
export function useKeptDraft(name: string, initial: string): KeptDraft<string>;
export function useKeptDraft(
  name: string,
  initial: Readonly<Record<string, string>>,
): KeptDraft<Readonly<Record<string, string>>>;
export function useKeptDraft<V extends DraftValue>(name: string, initial: V): KeptDraft<V> {
  const [path] = useState(() => window.location.pathname);
  const key = storageKey(name, path);
  const [restored] = useState(() => readKept(key, initial, personOf()));
  const [value, setValue] = useState<V>(() => restored ?? initial);
  const [open, setOpenState] = useState(restored !== null);
  const [kept, setKept] = useState(restored !== null);
  // What a 401 keeps: the text as last rendered (typing is committed before any click sends it).
  const current = useRef(value);
  useLayoutEffect(() => {
    current.current = value;
  }, [value]);

  // Read once: the stored copy goes (a reload of the screen later starts afresh).
  useEffect(() => {
    if (restored !== null) storage()?.removeItem(key);
  }, [key, restored]);

  useEffect(() => {
    if (!open) return undefined;
    const draft: OpenDraft = { key, person: personOf(), read: () => current.current };
    openDrafts.add(draft);
    return () => {
      openDrafts.delete(draft);
    };
  }, [key, open]);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    if (!next) setKept(false); // closed: the notice was about the form as it came back
  }, []);

  return { value, setValue, open, setOpen, kept };
}
