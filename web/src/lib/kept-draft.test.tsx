import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenFor } from '@/testing/token';
import { dropKeptDrafts, hasKeptDrafts, keepOpenDrafts, useKeptDraft } from './kept-draft';
import { endSession, setToken, startSession } from './session';

const stored = () =>
  Object.keys(sessionStorage)
    .filter((key) => key.startsWith('keptDraft:'))
    .map((key) => [key, JSON.parse(sessionStorage.getItem(key) ?? 'null')] as const);

describe('a form kept through a session that ends (decision 3881)', () => {
  beforeEach(() => setToken(tokenFor('writer')));

  it('keeps the text of an open form on a 401, and gives it back once, open and said to be unsent', () => {
    const first = renderHook(() => useKeptDraft('reason', ''));
    act(() => first.result.current.setOpen(true));
    act(() => first.result.current.setValue('The buyer withdrew'));
    keepOpenDrafts();
    first.unmount(); // the 401 leads to the login page
    expect(stored()).toEqual([['keptDraft:/#reason', { value: 'The buyer withdrew', person: 'writer' }]]);
    expect(hasKeptDrafts()).toBe(true);

    const back = renderHook(() => useKeptDraft('reason', ''));
    expect(back.result.current).toMatchObject({ value: 'The buyer withdrew', open: true, kept: true });
    expect(stored()).toEqual([]); // read once: gone from storage
    act(() => back.result.current.setOpen(false));
    expect(back.result.current.kept).toBe(false); // closed: the notice goes with it
    back.unmount();

    const later = renderHook(() => useKeptDraft('reason', ''));
    expect(later.result.current).toMatchObject({ value: '', open: false, kept: false });
  });

  it('keeps nothing of a closed form, nor of another screen or form', () => {
    const closed = renderHook(() => useKeptDraft('reason', ''));
    act(() => closed.result.current.setValue('typed, then the dialog was closed'));
    keepOpenDrafts();
    expect(stored()).toEqual([]);
    closed.unmount();
    sessionStorage.setItem('keptDraft:/elsewhere#reason', JSON.stringify({ value: 'other screen', person: 'writer' }));
    sessionStorage.setItem('keptDraft:/#other', JSON.stringify({ value: 'other form', person: 'writer' }));
    expect(renderHook(() => useKeptDraft('reason', '')).result.current.kept).toBe(false);
    dropKeptDrafts();
  });

  it('keeps a form of several texts, and only texts', () => {
    const first = renderHook(() => useKeptDraft('revise', {} as Readonly<Record<string, string>>));
    act(() => first.result.current.setOpen(true));
    act(() => first.result.current.setValue({ shipper: 'Name the shipper', consignee: '' }));
    keepOpenDrafts();
    first.unmount();
    const value = JSON.parse(sessionStorage.getItem('keptDraft:/#revise') ?? 'null') as { value: unknown };
    sessionStorage.setItem(
      'keptDraft:/#revise',
      JSON.stringify({ value: { ...(value.value as object), n: 3 }, person: 'writer' }),
    );
    const back = renderHook(() => useKeptDraft('revise', {} as Readonly<Record<string, string>>));
    expect(back.result.current.value).toEqual({ shipper: 'Name the shipper', consignee: '' });
  });

  it('drops every kept text when the person logs out on purpose, not when the server ends the session', () => {
    sessionStorage.setItem('keptDraft:/#reason', JSON.stringify({ value: 'kept' }));
    endSession({ byServer: true });
    expect(hasKeptDrafts()).toBe(true);
    endSession();
    expect(hasKeptDrafts()).toBe(false);
  });
});

describe("a kept form is its writer's (decision 3888)", () => {
  /** Ana writes on the screen and her session ends (the 401 leads to the login page, the cookie gone). */
  function anaWritesAndHerSessionEnds() {
    startSession({ token: tokenFor('ana'), accountType: 1, roles: [] });
    const form = renderHook(() => useKeptDraft('reason', ''));
    act(() => form.result.current.setOpen(true));
    act(() => form.result.current.setValue('The buyer withdrew'));
    endSession({ byServer: true });
    keepOpenDrafts();
    form.unmount();
  }

  it('is not shown to someone else who signs in on the tab, and is gone once she has', () => {
    anaWritesAndHerSessionEnds();
    startSession({ token: tokenFor('bahar'), accountType: 1, roles: [] });
    expect(stored()).toEqual([]);
    expect(hasKeptDrafts()).toBe(false);
    const seen = renderHook(() => useKeptDraft('reason', ''));
    expect(seen.result.current).toMatchObject({ value: '', open: false, kept: false });
  });

  it('is not shown to someone else signed in elsewhere who opens the screen, and is dropped unread', () => {
    anaWritesAndHerSessionEnds();
    setToken(tokenFor('bahar')); // signed in in another tab: the cookie is the browser's, the draft this tab's
    const seen = renderHook(() => useKeptDraft('reason', ''));
    expect(seen.result.current).toMatchObject({ value: '', open: false, kept: false });
    expect(stored()).toEqual([]);
  });

  it('comes back to its writer signing in again, whoever else wrote on the tab', () => {
    sessionStorage.setItem('keptDraft:/#other', JSON.stringify({ value: 'older words', person: 'bahar' }));
    anaWritesAndHerSessionEnds();
    startSession({ token: tokenFor('ana', 2), accountType: 1, roles: [] }); // a new token, the same person
    expect(stored().map(([key]) => key)).toEqual(['keptDraft:/#reason']);
    const back = renderHook(() => useKeptDraft('reason', ''));
    expect(back.result.current).toMatchObject({ value: 'The buyer withdrew', open: true, kept: true });
  });

  it('is not given to anyone while no one is signed in, nor kept when its writer is not known', () => {
    anaWritesAndHerSessionEnds();
    expect(renderHook(() => useKeptDraft('reason', '')).result.current.kept).toBe(false);
    expect(hasKeptDrafts()).toBe(true); // still hers, for when she signs in again
    dropKeptDrafts();

    setToken('not-a-token-naming-anyone');
    const unknown = renderHook(() => useKeptDraft('reason', ''));
    act(() => unknown.result.current.setOpen(true));
    act(() => unknown.result.current.setValue('whose?'));
    keepOpenDrafts();
    expect(stored()).toEqual([]);
  });
});
