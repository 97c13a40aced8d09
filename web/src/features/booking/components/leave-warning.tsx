import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/**
 * Asks before a half-filled form is left: a link or Back inside the app asks in a dialog; closing
 * or reloading the tab asks through the browser. `release()` lets the form's own navigation (after it was
 * sent) go without a question. `what` names what would be lost ("booking", "shipping order").
 */
export function useLeaveWarning(unsaved: boolean, what: 'booking' | 'shippingOrder' = 'booking') {
  const { t } = useTranslation('booking');
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the question only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t(`leaveWarning.${what}.title`)}
      act={t('leaveWarning.leave')}
      onAct={() => blocker.proceed?.()}
      keep={t('leaveWarning.stay')}
      onKeep={() => blocker.reset?.()}
      destructive
    >
      <p>{t(`leaveWarning.${what}.text`)}</p>
    </ConfirmDialog>
  );
  return {
    dialog,
    release: () => {
      released.current = true;
    },
  };
}
