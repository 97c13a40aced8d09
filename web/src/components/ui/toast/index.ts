export { Toaster } from './toaster';
export { clearToasts, dismissToast, showToast, toast, TOAST_DURATION_MS } from './toast-store';
export type { Toast, ToastOptions, ToastType } from './toast-store';
