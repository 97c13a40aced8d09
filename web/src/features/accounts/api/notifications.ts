import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';
import type { Language } from '@/i18n';
import { api } from '@/lib/api-client';
import type { Answer, Schema } from '@/types/contract';
import { accountKeys } from './keys';

const NOTIFICATION_PAGE_SIZE = 10;

export { useMe } from '@/lib/me';
export type { Me } from '@/lib/me';

/** What a notification is about, so it opens its item. */
export type NotificationSubject = Schema<'NotificationSubject'>;
export type NotificationItem = Schema<'Notification'>;

/**
 * Where a notification's subject opens: a booking in the customer's wizard or in the staff console; sign-ups
 * and profile edits in the staff overview's lists (their detail pages need the customer kind, which the
 * subject does not carry).
 */
export function subjectPath(subject: NotificationSubject, staff: boolean): string {
  const id = encodeURIComponent(subject.id);
  if (subject.kind === 'rate_request')
    return staff ? `/dashboard/operations?open=${id}` : `/dashboard/bookings/rate-request/detail/${id}`;
  if (subject.kind === 'registration') return '/dashboard/overview#registration-requests-heading';
  return staff ? '/dashboard/overview#edit-requests-heading' : '/dashboard/profile?editProfile=true';
}

/** The link's words, in the screen's language (`t` of the accounts namespace). */
export function subjectLabel(subject: NotificationSubject, t: TFunction<'accounts'>): string {
  if (subject.reference) return t('notificationList.openReference', { reference: subject.reference });
  return subject.kind === 'rate_request'
    ? t('notificationList.openBooking')
    : subject.kind === 'registration'
      ? t('notificationList.openRegistrations')
      : t('notificationList.openEdit');
}

type NotificationPage = Answer<'notifications_notification_page'>;

const notificationsOptions = (accountId: string, language: Language) =>
  infiniteQueryOptions({
    // The notices come in the language asked for (Accept-Language): one cache entry per language, so switching
    // languages asks again; invalidating `accountKeys.notifications` reaches every language's.
    queryKey: [...accountKeys.notifications(accountId), language],
    queryFn: ({ pageParam, signal }) =>
      api.get<NotificationPage>(`/notification/api/v1/notifications/${encodeURIComponent(accountId)}/paging`, {
        query: { pageSize: NOTIFICATION_PAGE_SIZE, page: pageParam },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.costumerlNotificationDetails.list.length, 0);
      return loaded < last.data.totalCount && last.data.costumerlNotificationDetails.list.length > 0
        ? pages.length + 1
        : undefined;
    },
    // The bell's badge follows new notifications without a reload.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useNotifications(accountId: string | undefined) {
  useTranslation(); // a switch of language renders the reader again, and so asks in the new language
  return useInfiniteQuery({ ...notificationsOptions(accountId ?? '', currentLanguage()), enabled: Boolean(accountId) });
}

export function useMarkRead(accountId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) =>
      api.put<Answer<'notifications_mark_as_read'>>('/notification/api/v1/notifications/mark-as-read', {
        notificationId,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.notifications(accountId ?? '') }),
  });
}
