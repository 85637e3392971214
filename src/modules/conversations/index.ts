// The conversations module's client-safe entry: what other modules, routes and browser code may use of it.
export { LeadConversation } from './components/LeadConversation';
