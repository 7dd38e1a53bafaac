// The archives this tab is uploading, outside React so that they go on while the administrator
// moves between screens: each is sent with tus (tus-js-client) to the file its import declared,
// two at a time, retried after a dropped connection, and resumed from the server's offset when
// the same file is dropped again after a reload (tus-js-client keeps each upload's address in
// localStorage under a fingerprint of the declared file and the File itself).
import { IMPORT_UPLOADS_PATH } from '@comics/shared/schemas/imports';
import { useSyncExternalStore } from 'react';
import { Upload } from 'tus-js-client';

import type { ArchiveFile } from './archive-files';

/** Uploads sent at once: enough to fill the line, few enough that each shows progress. */
const PARALLEL_UPLOADS = 2;
/** A PATCH per chunk: a proxy's body limit never cuts one, and progress is kept chunk by chunk. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** After a dropped connection, tries again this long after each failure. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

export type UploadState = 'waiting' | 'sending' | 'sent' | 'failed';

export interface FileUpload {
  fileId: number;
  batchId: number;
  bytesSent: number;
  bytesTotal: number;
  state: UploadState;
  /** Why it failed, for the screen. */
  error: string | null;
}

interface QueuedUpload extends FileUpload {
  archive: ArchiveFile;
  tus: Upload | null;
}

const uploads = new Map<number, QueuedUpload>();
const listeners = new Set<() => void>();
let snapshot: readonly FileUpload[] = [];

function changed(): void {
  snapshot = [...uploads.values()].map(({ archive: _archive, tus: _tus, ...upload }) => upload);
  for (const listener of listeners) listener();
}

function update(fileId: number, values: Partial<QueuedUpload>): void {
  const upload = uploads.get(fileId);
  if (!upload) return;
  Object.assign(upload, values);
  changed();
}

async function send(upload: QueuedUpload): Promise<void> {
  const { fileId, archive } = upload;
  await new Promise<void>((resolve) => {
    const tus = new Upload(archive.file, {
      endpoint: IMPORT_UPLOADS_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { fileId: String(fileId), filename: archive.name },
      // One declared file, one upload: a reload finds it again only for the same file and declaration.
      fingerprint: async (file: File) => `comics-import:${fileId}:${file.size}:${file.lastModified}`,
      removeFingerprintOnSuccess: true,
      onProgress: (bytesSent) => update(fileId, { bytesSent }),
      onSuccess: () => {
        update(fileId, { state: 'sent', bytesSent: upload.bytesTotal, tus: null });
        resolve();
      },
      onError: (error) => {
        update(fileId, { state: 'failed', error: error.message, tus: null });
        resolve();
      },
    });
    update(fileId, { state: 'sending', tus });
    void tus.findPreviousUploads().then((previous) => {
      if (previous[0]) tus.resumeFromPreviousUpload(previous[0]);
      tus.start();
    });
  });
}

function sendNext(): void {
  const all = [...uploads.values()];
  let free = PARALLEL_UPLOADS - all.filter((upload) => upload.state === 'sending').length;
  for (const upload of all) {
    if (free <= 0) return;
    if (upload.state !== 'waiting') continue;
    free -= 1;
    void send(upload).then(sendNext);
  }
}

/** Starts (or takes up again) the uploads of an import's declared files. */
export function sendArchives(batchId: number, files: ReadonlyArray<{ fileId: number; archive: ArchiveFile }>): void {
  for (const { fileId, archive } of files) {
    const current = uploads.get(fileId);
    if (current && current.state !== 'failed') continue;
    uploads.set(fileId, {
      fileId,
      batchId,
      archive,
      bytesSent: 0,
      bytesTotal: archive.file.size,
      state: 'waiting',
      error: null,
      tus: null,
    });
  }
  changed();
  sendNext();
}

/** Stops an import's uploads (it was cancelled): the server has given them up. */
export function stopArchives(batchId: number): void {
  for (const upload of uploads.values()) {
    if (upload.batchId !== batchId) continue;
    void upload.tus?.abort();
    uploads.delete(upload.fileId);
  }
  changed();
}

/** Whether anything is still on its way (leaving the page would interrupt it). */
export const uploadsUnderWay = () =>
  snapshot.some((upload) => upload.state === 'waiting' || upload.state === 'sending');

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This tab's uploads, updated as bytes go. */
export function useUploads(): readonly FileUpload[] {
  return useSyncExternalStore(subscribe, () => snapshot);
}
