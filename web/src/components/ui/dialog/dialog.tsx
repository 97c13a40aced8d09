import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon, ErrorIcon, SuccessIcon, WarningIcon } from '../icons';
import styles from './dialog.module.css';

export type DialogTone = 'default' | 'success' | 'error' | 'warning';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  /** Buttons at the bottom (Confirm, Cancel...). */
  actions?: ReactNode;
  tone?: DialogTone;
  /** Escape, the close button and a click on the backdrop close it (default true). */
  dismissible?: boolean;
  className?: string;
  /** 'wide' for forms with tables (container and party details): up to 64rem instead of 480px. */
  size?: 'normal' | 'wide';
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const TONE_ICON = {
  default: null,
  success: <SuccessIcon size={40} />,
  error: <ErrorIcon size={40} />,
  warning: <WarningIcon size={40} />,
} as const;

export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  tone = 'default',
  dismissible = true,
  className,
  size = 'normal',
}: DialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const bodyId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  // Move focus in on open and give it back to whatever had it on close.
  useEffect(() => {
    if (!open) return undefined;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && dismissible) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
        className={[styles.panel, styles[tone], size === 'wide' ? styles.wide : undefined, className]
          .filter(Boolean)
          .join(' ')}
        onKeyDown={onKeyDown}
      >
        {dismissible ? (
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('dialog.close')}>
            <CloseIcon size={20} />
          </button>
        ) : null}
        {TONE_ICON[tone] ? <div className={styles.icon}>{TONE_ICON[tone]}</div> : null}
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className={styles.body}>
            {children}
          </div>
        ) : null}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
