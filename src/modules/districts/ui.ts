// The districts module's React components that render anywhere (client components and shared pieces).
export { EntryPrice } from './EntryPrice';
