export { Toaster } from './toaster';
export { clearToasts, toast } from './toast-store';
export type { Toast, ToastOptions, ToastType } from './toast-store';
