/**
 * Booking screens follow staff actions without a reload: while a booking screen is mounted, the unread
 * notification count is polled every 10 s (GET .../notifications/{accountId}/paging?pageSize=1&page=1);
 * when the count or the newest notification changes, the booking queries are invalidated and so is the
 * bell's notification query (whoever owns it: any other key holding 'notifications'), so its badge follows.
 * A successful fetch of the bell's query refreshes the booking queries too.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '@/lib/api-client';
import { bookingKeys } from './booking-api';

export const LIVE_REFRESH_MS = 10_000;

interface Me {
  id: string;
}
interface NotificationPage {
  data?: { costumerlNotificationDetails?: { list?: { id: string }[] }; notSeenCount?: number };
  notSeenCount?: number;
}

const WATCH = 'booking-watch';

/** The bell's notification queries: a key holding 'notifications' that is not this hook's own watch. */
export function isBellNotificationKey(key: readonly unknown[]): boolean {
  return key[0] !== WATCH && key.some((part) => typeof part === 'string' && part.startsWith('notification'));
}

export function notificationMark(page: NotificationPage | undefined): string | null {
  if (!page) return null;
  const first = page.data?.costumerlNotificationDetails?.list?.[0]?.id ?? '';
  const unseen = page.data?.notSeenCount ?? page.notSeenCount ?? 0;
  return `${unseen}:${first}`;
}

export function useBookingLiveRefresh(): void {
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: [...bookingKeys.all, 'me'],
    queryFn: ({ signal }) => api.get<Me>('/auth/api/v1/me', { signal }),
  });
  const accountId = me.data?.id;
  const watch = useQuery({
    queryKey: [WATCH, 'notifications', accountId],
    enabled: Boolean(accountId),
    refetchInterval: LIVE_REFRESH_MS,
    staleTime: 0,
    queryFn: ({ signal }) =>
      api.get<NotificationPage>(`/notification/api/v1/notifications/${accountId}/paging`, {
        query: { pageSize: 1, page: 1 },
        signal,
      }),
  });
  const last = useRef<string | null>(null);
  const mark = notificationMark(watch.data);

  useEffect(() => {
    if (mark === null) return;
    if (last.current !== null && last.current !== mark) {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all, refetchType: 'active' });
      void queryClient.invalidateQueries({ predicate: (query) => isBellNotificationKey(query.queryKey) });
    }
    last.current = mark;
  }, [mark, queryClient]);

  // The bell's own notification query, whoever owns it: a change there refreshes bookings too.
  // Only a change of its count or newest item counts, not every refetch (mount, focus, the one above).
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    const seen = new Map<string, string>();
    return cache.subscribe((event) => {
      const key = event.query.queryKey;
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (!isBellNotificationKey(key)) return;
      const data = event.query.state.data as { pages?: NotificationPage[] } | NotificationPage | undefined;
      const bellMark = notificationMark(data && 'pages' in data ? data.pages?.[0] : (data as NotificationPage | undefined));
      const hash = event.query.queryHash;
      const before = seen.get(hash);
      if (bellMark !== null) seen.set(hash, bellMark);
      if (before === undefined || bellMark === null || before === bellMark) return;
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all, refetchType: 'active' });
    });
  }, [queryClient]);
}
