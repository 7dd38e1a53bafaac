// PGlite is an in-process database: two processes on one folder would corrupt it. A lock
// file holding the owner's pid turns a second start into a clear error instead; a lock
// left by a process that no longer runs is taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock; the returned function releases it. */
export function lockDataDir(dir: string): () => void {
  const lockPath = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8'));
      if (owner !== process.pid && Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
        throw new Error(
          `Another server (pid ${owner}) is using the embedded database in ${dir}. ` +
            'Stop it, or give this one its own DATA_DIR, or use PostgreSQL (DATABASE_URL) to run several.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}
