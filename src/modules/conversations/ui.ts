// The conversations module's React components that render anywhere (client components and shared pieces).
export { LeadConversation } from './components/LeadConversation';
