import { toast, type ToastOptions } from 'react-toastify/unstyled';

/** Form and error toasts: bottom-right, 5 s (spec §8). Other toasts keep the library defaults. */
export const FORM_TOAST: ToastOptions = { position: 'bottom-right', autoClose: 5000 };

export const notifySuccess = (message: string) => toast.success(message, FORM_TOAST);
export const notifyError = (message: string) => toast.error(message, FORM_TOAST);
export const notifyInfo = (message: string) => toast.info(message, FORM_TOAST);
