import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, renderWithProviders } from '@/testing/render';
import { useNotifications } from './notifications';

const TITLES: Record<string, string> = { en: 'Price quoted', fa: 'نرخ اعلام شد' };

function Titles() {
  const notices = useNotifications('a-1');
  const items = notices.data?.pages.flatMap((page) => page.data.costumerlNotificationDetails.list) ?? [];
  return (
    <ul>
      {items.map((item) => (
        <li key={item.id}>{item.title}</li>
      ))}
    </ul>
  );
}

describe('the notifications in the language shown', () => {
  const fetchMock = stubFetchEachTest();
  afterEach(() => act(() => setLanguage('en')));

  it('asks again in the new language when the reader switches, the server wording each notice in it', async () => {
    fetchMock.mockImplementation((_url: string, init: RequestInit) => {
      const language = (init.headers as Record<string, string>)['Accept-Language'] ?? 'en';
      const item = {
        id: 'n-1',
        title: TITLES[language],
        message: '',
        isRead: false,
        createdAt: '2026-11-29T05:00:00Z',
        subject: null,
      };
      return Promise.resolve(
        envelope({ data: { costumerlNotificationDetails: { list: [item] }, totalCount: 1, notSeenCount: 1 } }),
      );
    });
    renderWithProviders(<Titles />);
    expect(await screen.findByText(TITLES.en!)).not.toBeNull();
    await act(() => setLanguage('fa'));
    expect(await screen.findByText(TITLES.fa!)).not.toBeNull();
    expect(screen.queryByText(TITLES.en!)).toBeNull();
  });
});
