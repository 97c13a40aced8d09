/**
 * Toasts live in a tiny store outside React so that mutation callbacks and plain functions can raise
 * them (`toast.success('Booking requested')`); <Toaster /> renders whatever the store holds.
 */
import { endedTheSession, errorText } from '@/lib/api-client';

export type ToastType = 'success' | 'error' | 'warning' | 'notif';

export interface ToastOptions {
  hideIcon?: boolean;
  /** Milliseconds before it closes by itself (default 3000, spec 000 section 9). */
  duration?: number;
}

export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  hideIcon: boolean;
}

export const TOAST_DURATION_MS = 3000;

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  const next = toasts.filter((t) => t.id !== id);
  if (next.length !== toasts.length) {
    toasts = next;
    emit();
  }
}

function showToast(message: string, type: ToastType = 'notif', options: ToastOptions = {}): number {
  const id = nextId++;
  toasts = [...toasts, { id, message, type, hideIcon: options.hideIcon ?? false }];
  timers.set(
    id,
    setTimeout(() => dismissToast(id), options.duration ?? TOAST_DURATION_MS),
  );
  emit();
  return id;
}

export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toasts = [];
  emit();
}

/**
 * A failed request said in a toast: `words`, or the failure's own (errorText). Not when the failure is the
 * session having ended: the app goes to the login page, which says why (decision 3902), and a toast there
 * would say it again, worse, over the language switch. Every failure a toast tells goes through here; plain
 * words that are no request's failure go to `toast.error`.
 */
function showFailure(failure: unknown, words?: string, options?: ToastOptions): number | null {
  if (endedTheSession(failure)) return null;
  return showToast(words ?? errorText(failure), 'error', options);
}

export const toast = {
  show: showToast,
  success: (message: string, options?: ToastOptions) => showToast(message, 'success', options),
  error: (message: string, options?: ToastOptions) => showToast(message, 'error', options),
  failure: showFailure,
  warning: (message: string, options?: ToastOptions) => showToast(message, 'warning', options),
  notif: (message: string, options?: ToastOptions) => showToast(message, 'notif', options),
  dismiss: dismissToast,
  clear: clearToasts,
};
