import { useTranslation } from 'react-i18next';
import { useMe, useNotifications } from '../api/notifications';
import { NotificationList } from './notification-list';
import { Panel } from '@/components/panel/panel';

export const LATEST_SHOWN = 5;

/** The overview's latest notifications: the first few of the bell's list, each opening its item. */
export function LatestNotifications() {
  const { t } = useTranslation('accounts');
  const me = useMe();
  const accountId = me.data?.id;
  const notifications = useNotifications(accountId);
  const items = (notifications.data?.pages[0]?.data.costumerlNotificationDetails.list ?? []).slice(0, LATEST_SHOWN);
  return (
    <Panel aria-labelledby="latest-notifications-heading">
      <h2 id="latest-notifications-heading">{t('latestNotifications.latestNotifications')}</h2>
      {accountId && notifications.isSuccess ? (
        <NotificationList
          items={items}
          accountId={accountId}
          hasMore={false}
          loadingMore={false}
          onLoadMore={() => undefined}
        />
      ) : null}
    </Panel>
  );
}
