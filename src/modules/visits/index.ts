// The visits module's client-safe entry: what other code may use of it anywhere (no React components).
export { visitOf, type VisitKey, type VisitKind } from './source';
