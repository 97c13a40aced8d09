/** The tariff screen lists every publication a page at a time, its page kept in the address (decision 3906):
 * a tariff published 60 times shows its first versions too, and says how many there are. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18next } from '@/i18n';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, renderWithProviders } from '@/testing/render';
import { TariffsRoute } from './tariffs';

const fetchMock = stubFetchEachTest();
const TIMES = 60;

const publication = (version: number) => ({
  version,
  publishedAt: '2026-11-01T08:00:00Z',
  publishedBy: 'admin',
  rowCount: 1,
  lanes: ['CNSHA-SGSIN'],
});

/** The server: the tariff's answer with its latest 50 publications, and every one paged newest first. */
function serve() {
  const newest = Array.from({ length: TIMES }, (_, i) => publication(TIMES - i));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/tariff-publications')) {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return envelope({ list: newest.slice((page - 1) * limit, page * limit), totalCount: TIMES, page, limit });
    }
    return envelope({ rows: [], publications: newest.slice(0, 50), publicationCount: TIMES });
  });
}

const versions = () =>
  within(screen.getByRole('heading', { name: 'Publications' }).parentElement!)
    .getAllByRole('listitem')
    .map((item) => Number(/Version (\d+)/.exec(item.textContent ?? '')?.[1]));

describe('the tariff screen', () => {
  it('reaches the first publication of a long history and keeps its page in the address', async () => {
    serve();
    const { router } = renderWithProviders(<TariffsRoute />, { route: '/?publications=2' });
    await waitFor(() => expect(versions()[0]).toBe(40));
    expect(screen.getByTestId('publication-count').textContent).toBe('60 publications, the newest first');
    // One row is one row, not "1 rows".
    expect(screen.getAllByRole('listitem')[0].textContent).toContain('admin\u2069 · 1 row · CNSHA-SGSIN');
    const pages = screen.getByRole('navigation', { name: 'Publication pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(versions()).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i)));
    expect(within(pages).getByText('Page 3 of 3')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('publications')).toBe('3');
    await router.navigate(-1);
    await waitFor(() => expect(versions()[0]).toBe(40));
  });
});

describe('the publish toast', () => {
  it('counts one row as one row', () => {
    const t = i18next.getFixedT('en', 'operations');
    expect(t('tariffs.published', { version: 7, count: 1 })).toBe('Tariff version 7 published: 1 row');
    expect(t('tariffs.published', { version: 7, count: 3 })).toBe('Tariff version 7 published: 3 rows');
  });
});
