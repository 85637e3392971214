// The site module's React components that render anywhere (client components and shared pieces).
export { ActionBar } from './ActionBar';
