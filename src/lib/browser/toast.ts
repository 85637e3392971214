import type { ToastOptions } from 'react-toastify/unstyled';

/** Form and error toasts: bottom-right, 5 s (spec §8). Other toasts keep the library defaults. */
export const FORM_TOAST: ToastOptions = { position: 'bottom-right', autoClose: 5000 };

/*
 * The toast library is not part of the first load (docs/decisions/0013-front-end-budget.md): it is fetched when a form
 * is first used, or at the latest with the first toast, and its styles with it (./toast-library.ts). The library
 * queues toasts until its container (ToastHost) has mounted, so nothing shown early is lost.
 */
export const loadToasts = () => import('./toast-library');

let showHost = () => {};
/** ToastHost registers how to mount the container the first time a toast is wanted. */
export function onToastWanted(mount: () => void) {
  showHost = mount;
}

function notify(kind: 'success' | 'error' | 'info', message: string) {
  showHost();
  // On a network too broken to fetch the library the message must still reach the visitor (the offline notice).
  loadToasts().then(
    ({ toast }) => toast[kind](message, FORM_TOAST),
    () => window.alert(message),
  );
}

export const notifySuccess = (message: string) => notify('success', message);
export const notifyError = (message: string) => notify('error', message);
export const notifyInfo = (message: string) => notify('info', message);
