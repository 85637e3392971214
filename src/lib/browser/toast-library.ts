// The toast library and its styles, in one chunk loaded on demand (./toast.ts, loadToasts).
import './toasts.css';

export * from 'react-toastify/unstyled';
