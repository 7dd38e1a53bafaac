// What every bench script starts from: the repository's root, and its `--name value` options.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The command line's `--name value` pairs as an object (values are strings). */
export const benchArgs = () =>
  Object.fromEntries(
    process.argv
      .slice(2)
      .reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
  );
