// One RAR archive's UnrarSession in a worker thread of its own (unrar-worker.ts), so the shop keeps
// answering while unrar, synchronous WebAssembly, lists and unpacks: a thread per open archive
// (an import reads one at a time, an upload one per admin), ended when the archive is closed. The
// session's calls become requests answered in the order they were sent, so entries asked for one
// after another are unpacked in that order; unrar's errors come back as UnrarErrors.
//
// The worker is a module beside this one: its TypeScript source, run through tsx, under the tests
// and `npm run import`; the built unrar-worker.js beside server.js (bundling.mjs) in production.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { UnrarError, type ArcHeader, type FileHeader } from 'node-unrar-js';

export interface UnrarThreadData {
  archivePath: string;
  folder: string;
}

export type UnrarRequest =
  | { id: number; op: 'list'; maxEntries: number }
  | { id: number; op: 'unpack'; index: number; fileName: string }
  | { id: number; op: 'close' };

interface Failure {
  /** An UnrarError's reason; none for any other error. */
  reason?: string;
  message: string;
}

export type UnrarAnswer =
  | { id: number; failure: Failure; askedForAnotherFile?: boolean }
  | { id: number; arcHeader: ArcHeader; entries: FileHeader[]; stoppedAtHeader: boolean }
  | { id: number; header: FileHeader }
  | { id: number };

/** An unpacking that failed, with whether unrar asked for another file (a further volume) meanwhile. */
export class UnpackFailed extends Error {
  constructor(
    readonly failure: unknown,
    readonly askedForAnotherFile: boolean,
  ) {
    super('unpacking failed');
  }
}

export interface UnrarThread {
  /**
   * The archive's header, handed to `check` before any entry is read (it throws to refuse), then
   * its entries: at most `maxEntries` + 1, so a caller can tell there are too many.
   */
  list(maxEntries: number, check: (header: ArcHeader) => void): Promise<FileHeader[]>;
  /** Unpacks the entry at `index` into the folder's file `fileName`; a failure is an UnpackFailed. */
  unpack(index: number, fileName: string): Promise<FileHeader>;
  /** Closes the archive and ends the thread. */
  close(): void;
}

const errorOf = (failure: Failure) =>
  failure.reason === undefined ? new Error(failure.message) : new UnrarError(failure.reason as never, failure.message);

/** The worker, from its source through tsx when this module runs from its source. */
function startWorker(data: UnrarThreadData): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const script = new URL(`./unrar-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource) return new Worker(script, { workerData: data });
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/package.json')
    .replace(/package\.json$/, 'dist/esm/api/index.mjs');
  const boot = `import(${JSON.stringify(pathToFileURL(tsx).href)}).then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); })`;
  // No transform cache: tsx would make its folder under the temporary folder unrar unpacks into.
  return new Worker(boot, { eval: true, workerData: data, env: { ...process.env, TSX_DISABLE_CACHE: '1' } });
}

/** Opens the archive at `archivePath` in a new thread, unpacking into `folder`. */
export async function openUnrarThread(archivePath: string, folder: string): Promise<UnrarThread> {
  const worker = startWorker({ archivePath, folder });
  const waiting = new Map<number, { resolve: (answer: UnrarAnswer) => void; reject: (error: unknown) => void }>();
  let nextId = 0;
  let ended: Error | null = null;

  // The thread keeps the process alive only while an answer is awaited.
  const settle = () => (waiting.size > 0 ? worker.ref() : worker.unref());
  worker.on('message', (answer: UnrarAnswer) => {
    const request = waiting.get(answer.id);
    waiting.delete(answer.id);
    settle();
    request?.resolve(answer);
  });
  const end = (error: Error) => {
    ended ??= error;
    for (const request of waiting.values()) request.reject(error);
    waiting.clear();
  };
  worker.on('error', end);
  worker.on('exit', () => end(new Error('the unrar thread ended')));

  function ask(request: UnrarRequest | { id: 0 }): Promise<UnrarAnswer> {
    if (ended) return Promise.reject(ended);
    const answer = new Promise<UnrarAnswer>((resolve, reject) => waiting.set(request.id, { resolve, reject }));
    settle();
    if (request.id !== 0) worker.postMessage(request);
    return answer;
  }

  const opening = await ask({ id: 0 }).catch((error: unknown) => ({ id: 0, failure: { message: String(error) } }));
  if ('failure' in opening) {
    void worker.terminate();
    throw errorOf(opening.failure);
  }

  return {
    async list(maxEntries, check) {
      const answer = await ask({ id: ++nextId, op: 'list', maxEntries });
      if ('failure' in answer) throw errorOf(answer.failure);
      const { arcHeader, entries, stoppedAtHeader } = answer as Extract<UnrarAnswer, { entries: FileHeader[] }>;
      check(arcHeader);
      // The thread stops before the entries only at a header the check should have refused.
      if (stoppedAtHeader) throw new Error('the archive header was let through, but its entries were not read');
      return entries;
    },

    async unpack(index, fileName) {
      // Sent now, before anything is awaited: requests are answered in the order they are sent.
      const answer = await ask({ id: ++nextId, op: 'unpack', index, fileName });
      if ('failure' in answer) throw new UnpackFailed(errorOf(answer.failure), answer.askedForAnotherFile ?? false);
      return (answer as Extract<UnrarAnswer, { header: FileHeader }>).header;
    },

    close() {
      if (ended) return;
      // Closed in the thread first (unrar's open files are the process's), then the thread ends.
      void ask({ id: ++nextId, op: 'close' })
        .catch(() => {})
        .finally(() => void worker.terminate());
      ended = new Error('the archive is closed');
    },
  };
}
