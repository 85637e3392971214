// The documents module's UI entry: React components that render anywhere (no hooks: server components may use them).
export { BuyerDocuments } from './BuyerDocuments';
export { CheckCard } from './CheckCard';
export { StaffDocumentsBoard } from './StaffDocumentsBoard';
