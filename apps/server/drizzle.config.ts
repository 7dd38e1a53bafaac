import { readdirSync } from 'node:fs';
import { defineConfig } from 'drizzle-kit';

// Every schema file, not its tests (drizzle-kit would load them and fail).
const schemaFolder = './src/db/schema';
const schema = readdirSync(schemaFolder)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => `${schemaFolder}/${file}`);

export default defineConfig({
  dialect: 'postgresql',
  schema,
  out: './drizzle',
  casing: 'snake_case',
});
