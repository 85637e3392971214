// The newsletter module's client-safe entry: what other modules, routes and browser code may use of it.
export { NEWSLETTER_PATHS, withToken } from './links';
export { NewsletterForm } from './NewsletterForm';
