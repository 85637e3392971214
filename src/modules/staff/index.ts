// The staff module's client-safe entry: what other code may use of it anywhere (no React components).
export { STAFF_APP } from './app/staff-app';
export { createStaffSchema, newPasswordSchema } from './schema';
export { staffDisplayName } from './staff-name';
