// The newsletter module's React components that render anywhere (client components and shared pieces).
export { NewsletterForm } from './NewsletterForm';
