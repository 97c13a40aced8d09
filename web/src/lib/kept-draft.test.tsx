import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dropKeptDrafts, hasKeptDrafts, keepOpenDrafts, useKeptDraft } from './kept-draft';
import { endSession } from './session';

const stored = () =>
  Object.keys(sessionStorage)
    .filter((key) => key.startsWith('keptDraft:'))
    .map((key) => [key, JSON.parse(sessionStorage.getItem(key) ?? 'null')] as const);

describe('a form kept through a session that ends (decision 3881)', () => {
  it('keeps the text of an open form on a 401, and gives it back once, open and said to be unsent', () => {
    const first = renderHook(() => useKeptDraft('reason', ''));
    act(() => first.result.current.setOpen(true));
    act(() => first.result.current.setValue('The buyer withdrew'));
    keepOpenDrafts();
    first.unmount(); // the 401 leads to the login page
    expect(stored()).toEqual([['keptDraft:/#reason', { value: 'The buyer withdrew' }]]);
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
    sessionStorage.setItem('keptDraft:/elsewhere#reason', JSON.stringify({ value: 'other screen' }));
    sessionStorage.setItem('keptDraft:/#other', JSON.stringify({ value: 'other form' }));
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
    sessionStorage.setItem('keptDraft:/#revise', JSON.stringify({ value: { ...(value.value as object), n: 3 } }));
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
