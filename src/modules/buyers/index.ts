// The buyers module's client-safe entry: what other code may use of it anywhere (no React components).
export { codeSchema, contactOf, linkSchema, signInRequestSchema, signOutSchema, type Contact } from './contact';
