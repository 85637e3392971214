import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations into drizzle/ from the schema; they are committed and applied at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/lib/db/schema.ts',
  out: './drizzle',
});
