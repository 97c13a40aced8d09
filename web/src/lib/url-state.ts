/**
 * A list's page, filter, search or sort kept in the address (decision 3906): a reload, a shared link and the
 * Back button from a row's detail show the same rows. Turning a page is a step Back returns from; typing a
 * search or choosing a filter or an order replaces the entry (Back does not replay each keystroke) and starts
 * the list again from its first page (`resets`).
 */
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

type Setter = (value: string, options?: { push?: boolean; resets?: string[] }) => void;

/** The address's `name` (`fallback` when absent); setting the fallback leaves it out of the address. */
export function useUrlParam(name: string, fallback = ''): [string, Setter] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? fallback;
  const set = useCallback<Setter>(
    (next, options = {}) =>
      setParams(
        (current) => {
          const kept = new URLSearchParams(current);
          if (next === fallback) kept.delete(name);
          else kept.set(name, next);
          for (const other of options.resets ?? []) kept.delete(other);
          return kept;
        },
        { replace: !options.push },
      ),
    [name, fallback, setParams],
  );
  return [value, set];
}

/** A page number in the address (`?name=3`): 1 when absent or not a whole number of at least 1. */
export function useUrlPage(name = 'page'): [number, (page: number) => void] {
  const [text, set] = useUrlParam(name, '1');
  const read = Number(text);
  const page = Number.isInteger(read) && read >= 1 ? read : 1;
  const turn = useCallback((next: number) => set(String(Math.max(1, next)), { push: true }), [set]);
  return [page, turn];
}

/** Once the list is known to have `pages` pages, a page past its end in the address (a link kept while rows
 * went away) is replaced by the last one, rather than an empty page of a list that has rows. */
export function useKeepPageWithin(name: string, pages: number | undefined) {
  const [page] = useUrlPage(name);
  const [, set] = useUrlParam(name, '1');
  useEffect(() => {
    if (pages !== undefined && page > Math.max(1, pages)) set(String(Math.max(1, pages)));
  }, [page, pages, set]);
}
