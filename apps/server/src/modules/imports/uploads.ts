// Archives sent from the Import screen with the tus 1.0.0 protocol (@tus/server, its bytes in
// files under DATA_DIR/import-uploads), so that a dropped connection or a reloaded page goes on
// from the last byte received instead of starting again. Each upload brings one file an
// administrator declared in a batch (metadata `fileId`); once complete, the file joins the queue.
// The routes (routes.ts) check the caller and the declaration before tus sees a request.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Upload } from '@tus/server';
import { IMPORT_UPLOADS_PATH } from '@comics/shared/schemas/imports';
import type { ImportRepository } from './repository';
import { UPLOAD_GIVEN_UP_AFTER_MS } from './service';
import { createUploadFileStore } from './upload-file-store';

export interface ImportUploadsOptions {
  /** Where unfinished and waiting archives are kept (one disk shared by the instances). */
  directory: string;
  maxArchiveBytes: number;
  repository: Pick<ImportRepository, 'uploadStarted' | 'uploaded'>;
  /** A complete upload was queued. */
  onQueued(): void;
}

/** An upload's id: its file's, then random (several attempts at one file never collide). */
export const UPLOAD_ID_PATTERN = /^[1-9][0-9]{0,9}-[0-9a-f]{24}$/;

/** A refusal tus answers as is (its protocol's bodies are plain text). */
const refused = (status_code: number, body: string) => ({ status_code, body });

const fileIdOf = (upload: Upload) => Number(upload.metadata?.fileId);

export function createImportUploads({ directory, maxArchiveBytes, repository, onQueued }: ImportUploadsOptions) {
  // Loaded on the first upload or clean-up: a shop that never imports from the browser never
  // holds tus in memory.
  let loaded: ReturnType<typeof load> | null = null;
  const tus = () => (loaded ??= load());

  async function load() {
    const [store, { Server }] = await Promise.all([
      // The expiry is announced to clients (Upload-Expires); the service gives such uploads up.
      // Never tus's own clean-up: it reads a complete upload's offset as 0 from its record and
      // would delete archives still waiting in the queue.
      createUploadFileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_GIVEN_UP_AFTER_MS }),
      import('@tus/server'),
    ]);
    const discard = (uploadId: string) => store.remove(uploadId).catch(() => {});
    const server = new Server({
      path: IMPORT_UPLOADS_PATH,
      datastore: store,
      maxSize: maxArchiveBytes,
      // Relative: right behind any proxy, whatever host name the browser used.
      relativeLocation: true,
      namingFunction: (_request, metadata) => `${Number(metadata?.fileId)}-${randomBytes(12).toString('hex')}`,
      async onUploadCreate(_request, upload) {
        const replaced = await repository.uploadStarted(fileIdOf(upload), upload.id);
        if (replaced === undefined) throw refused(409, 'This file is no longer waiting for its upload.');
        // A new upload of the same file (the browser lost the first one's address): the old bytes go.
        if (replaced !== null) await discard(replaced);
        return {};
      },
      async onUploadFinish(_request, upload) {
        const queued = await repository.uploaded(fileIdOf(upload), upload.id, path.join(directory, upload.id));
        if (queued) onQueued();
        else await discard(upload.id);
        return {};
      },
    });
    return { server, discard };
  }

  return {
    handle: async (request: IncomingMessage, response: ServerResponse) =>
      (await tus()).server.handle(request, response),
    /** Removes uploads' bytes (converted, failed or given up). */
    async discard(uploadIds: readonly string[]) {
      if (uploadIds.length === 0) return;
      const { discard } = await tus();
      await Promise.all(uploadIds.map(discard));
    },
  };
}

export type ImportUploads = ReturnType<typeof createImportUploads>;
