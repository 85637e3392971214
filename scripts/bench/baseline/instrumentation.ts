// The baseline's own (empty) instrumentation: without it, Next.js's build finds the project's src/instrumentation.ts
// (the turbopack root is the project's) and the "empty" app would start the site's database and job workers.
export function register() {}
