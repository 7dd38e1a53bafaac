// How the embedded database is started, sized for a small machine (docs/benchmarks.md, "Memory
// of the embedded default"): shared by the server and the helper that creates a new database.
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's memory settings. PGlite zeroes its whole shared memory at start, and its WASM heap
 * never shrinks, so shared buffers stay resident from the first second and any peak of working
 * memory stays resident after it: PostgreSQL's default 128 MB of buffers alone was a third of the
 * process. The data files are on local disk, so a page missing from the buffers is read from the
 * operating system's cache, not from the disk.
 */
export const PGLITE_MEMORY_SETTINGS = {
  // The demo catalogue's tables and indexes are about 25 MB; what misses is in the OS's cache.
  shared_buffers: '16MB',
  // What one vacuum or index build may take (the seed's vacuum, migrations); the heap keeps its
  // peak, and PostgreSQL's default is 64 MB.
  maintenance_work_mem: '16MB',
};

const settings = Object.entries(PGLITE_MEMORY_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);

/** PGlite's options for our settings; call before the first PGlite of the process is created. */
export function pgliteStartOptions() {
  // PGlite's WASM compiled by V8's baseline compiler only: the optimising compiler's work on
  // PostgreSQL's largest functions left 50-120 MB in the allocator's per-thread arenas for good,
  // while an uncached read cost 3-13 % more CPU in one measurement (most of a request's time is
  // JavaScript: Drizzle, Fastify). V8 reads the flag when it compiles, so before the first one.
  setFlagsFromString('--liftoff-only');
  return {
    startParams: [...PGlite.defaultStartParams, ...settings],
    // initdb's own runs of PostgreSQL too, and the postgresql.conf it writes for later starts.
    initDbStartParams: settings,
  };
}
