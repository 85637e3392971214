// The visits module's client-safe entry: what other modules, routes and browser code may use of it.
export { visitOf, type VisitKey, type VisitKind } from './source';
