// The districts module's client-safe entry: what other modules, routes and browser code may use of it.
export { EntryPrice } from './EntryPrice';
