// The worker thread of unrar-thread.ts: one RAR archive's UnrarSession, run here because unrar
// (WebAssembly) is synchronous and unpacking blocks for as long as it takes, which would stall every
// request of the shop. Requests are handled one after another, in the order they came, and each
// answer says what went wrong in a form that crosses threads (an UnrarError's reason).
import { parentPort, workerData } from 'node:worker_threads';
import { UnrarError, type ArcHeader } from 'node-unrar-js';
import { openUnrarSession } from './unrar-session';
import type { UnrarAnswer, UnrarRequest, UnrarThreadData } from './unrar-thread';

const { archivePath, folder } = workerData as UnrarThreadData;
const port = parentPort!;

/** Stops a listing before its entries are read: the archive's header has a flag the caller refuses. */
class RefusableHeader extends Error {}

/** Flags of an archive's header that may make the caller refuse it (rar-archive.ts decides). */
const refusable = (header: ArcHeader) => header.flags.headerEncrypted || header.flags.volume || header.flags.solid;

const failureOf = (error: unknown) =>
  error instanceof UnrarError
    ? { reason: error.reason, message: error.message }
    : { message: error instanceof Error ? error.message : String(error) };

const opened = openUnrarSession(archivePath, folder);

function handle(session: Awaited<typeof opened>, request: UnrarRequest): UnrarAnswer {
  switch (request.op) {
    case 'list': {
      let arcHeader: ArcHeader | undefined;
      try {
        const entries = session.list(request.maxEntries, (header) => {
          arcHeader = header;
          if (refusable(header)) throw new RefusableHeader();
        });
        return { id: request.id, arcHeader: arcHeader!, entries, stoppedAtHeader: false };
      } catch (error) {
        if (error instanceof RefusableHeader) {
          return { id: request.id, arcHeader: arcHeader!, entries: [], stoppedAtHeader: true };
        }
        return { id: request.id, failure: failureOf(error) };
      }
    }
    case 'unpack': {
      session.askedForAnotherFile();
      try {
        return { id: request.id, header: session.unpack(request.index, request.fileName) };
      } catch (error) {
        return { id: request.id, failure: failureOf(error), askedForAnotherFile: session.askedForAnotherFile() };
      }
    }
    case 'close':
      session.close();
      return { id: request.id };
  }
}

// Opened before any request is answered: a failure to open answers request 0, the opening.
opened.then(
  (session) => {
    port.on('message', (request: UnrarRequest) => port.postMessage(handle(session, request)));
    port.postMessage({ id: 0 } satisfies UnrarAnswer);
  },
  (error: unknown) => port.postMessage({ id: 0, failure: failureOf(error) } satisfies UnrarAnswer),
);
