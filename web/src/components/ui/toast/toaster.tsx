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
  const toasts = useSyncExternalStore(subscribe, getToasts, getToasts);
  return (
    <div className={styles.region}>
      {toasts.map((t) => {
        const Icon = ICONS[t.type];
        return (
          <div
            key={t.id}
            className={`${styles.toast} ${styles[t.type]}`}
            role={t.type === 'error' ? 'alert' : 'status'}
            data-type={t.type}
          >
            {t.hideIcon ? null : <Icon size={22} className={styles.icon} />}
            <span className={styles.message}>{t.message}</span>
            <button type="button" className={styles.close} onClick={() => dismissToast(t.id)} aria-label="Dismiss">
              <CloseIcon size={16} />
            </button>
          </div>
        );
      })}
    </div>
  );
}
