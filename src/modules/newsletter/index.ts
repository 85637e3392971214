// The newsletter module's client-safe entry: what other code may use of it anywhere (no React components).
export { NEWSLETTER_PATHS, withToken } from './links';
