import { useTranslation } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import { BellIcon, CloseIcon, ErrorIcon, SuccessIcon, WarningIcon } from '../icons';
import { dismissToast, getToasts, subscribe } from './toast-store';
import type { ToastType } from './toast-store';
import styles from './toaster.module.css';

const ICONS: Record<ToastType, typeof SuccessIcon> = {
  success: SuccessIcon,
  error: ErrorIcon,
  warning: WarningIcon,
  notif: BellIcon,
};

export function Toaster() {
  const { t } = useTranslation('common');
  const toasts = useSyncExternalStore(subscribe, getToasts, getToasts);
  return (
    <div className={styles.region}>
      {toasts.map((item) => {
        const Icon = ICONS[item.type];
        return (
          <div
            key={item.id}
            className={`${styles.toast} ${styles[item.type]}`}
            role={item.type === 'error' ? 'alert' : 'status'}
            data-type={item.type}
          >
            {item.hideIcon ? null : <Icon size={22} className={styles.icon} />}
            <span className={styles.message}>{item.message}</span>
            <button
              type="button"
              className={styles.close}
              onClick={() => dismissToast(item.id)}
              aria-label={t('toaster.dismiss')}
            >
              <CloseIcon size={16} />
            </button>
          </div>
        );
      })}
    </div>
  );
}
