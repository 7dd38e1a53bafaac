// tus's file store, writing what a PATCH request brings in pieces of a megabyte. @tus/file-store
// writes each piece the request arrives in (16 to 64 kB) with a write of its own, through a
// transform and a write stream: some 30,000 writes for a 500 MB batch, each a turn of the event
// loop the shop's requests wait behind. Writing from where the upload stood, what was received is
// on disk when the request ends or is cut short, so the offset the next request is told (the
// file's size, read by getUpload) is every byte received.
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStore } from '@tus/file-store';
import { backgroundStep } from '../../platform/limits/give-way';

/** Bytes received before they are written: a few requests at once hold a few of these. */
const WRITTEN_PIECE_BYTES = 1024 * 1024;

/** The store; tus's packages are loaded here, on the first upload, not with the server. */
export async function createUploadFileStore(options: ConstructorParameters<typeof FileStore>[0]): Promise<FileStore> {
  const [tusFileStore, { ERRORS }] = await Promise.all([import('@tus/file-store'), import('@tus/server')]);

  class UploadFileStore extends tusFileStore.FileStore {
    override async write(readable: Readable, uploadId: string, offset: number): Promise<number> {
      const file = await open(path.join(this.directory, uploadId), 'r+');
      let position = offset;
      let held: Buffer[] = [];
      let heldBytes = 0;
      const writeHeld = async () => {
        const piece = held.length === 1 ? held[0]! : Buffer.concat(held, heldBytes);
        held = [];
        heldBytes = 0;
        for (let written = 0; written < piece.length;) {
          const { bytesWritten } = await file.write(piece, written, piece.length - written, position);
          written += bytesWritten;
          position += bytesWritten;
        }
      };
      try {
        try {
          let step = backgroundStep();
          for await (const chunk of readable) {
            held.push(chunk as Buffer);
            heldBytes += (chunk as Buffer).length;
            if (heldBytes < WRITTEN_PIECE_BYTES) continue;
            await writeHeld();
            // Not reading meanwhile: the client waits (TCP's own flow control) while the shop is busy.
            await step.giveWay();
            step = backgroundStep();
          }
        } finally {
          // Received before the request failed: kept, so the client does not send it again.
          if (heldBytes > 0) await writeHeld();
        }
      } catch {
        throw ERRORS.FILE_WRITE_ERROR;
      } finally {
        await file.close();
      }
      return position;
    }
  }

  return new UploadFileStore(options);
}
