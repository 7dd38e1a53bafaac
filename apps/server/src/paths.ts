// Folders the server reads at run time. Computed from this file, which sits one level
// below apps/server both as source (src/) and once bundled (dist/).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverRoot, '../..');
export const migrationsFolder = path.join(serverRoot, 'drizzle');
