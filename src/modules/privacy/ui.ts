// The privacy module's React components that render anywhere (client components and shared pieces).
export { PrivacyTools } from './PrivacyTools';
