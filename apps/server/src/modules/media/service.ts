// Media: uploaded images (checked, re-encoded into renditions, kept in the media storage and
// recorded in the `media` table and the audit log) and the raster image a comic page offers link
// previewers. Storage keys are made here, from a random id and the rendition's size, so nothing
// a client sent (its file name above all) ever becomes part of a path.
import { randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { media } from '../../db/schema/media';
import { isValidStorageKey, type MediaStorage, type StoredObject } from '../../platform/storage/media-storage';
import { createAuditLog } from '../audit/service';
import { volumeCoverJpegPath, COVER_RASTER_HEIGHT, COVER_RASTER_WIDTH } from './cover-art';
import { checkUploadedImage, renderRenditions, type Rendition } from './images';

/** Uploads live under this key prefix, served at /media/uploads/…. */
export const UPLOADS_PREFIX = 'uploads/';
export const mediaUrlOf = (key: string): string => '/media/' + key;

export interface StoredUpload {
  /** Key of the main WebP rendition; its URL is the upload's address. */
  key: string;
  url: string;
  width: number;
  height: number;
}

/** An image for `og:image`: a JPEG, since the big networks do not take SVG (nor, some, WebP). */
export interface LinkPreviewImage {
  url: string;
  width: number;
  height: number;
  type: 'image/jpeg';
}

// `/media/uploads/<id>/<width>x<height>.webp`: the main rendition an upload answered, whose JPEG
// twin (same size) was made beside it.
const UPLOADED_MAIN_RENDITION = /^\/media\/(uploads\/[a-f0-9]{24})\/([1-9]\d{0,4})x([1-9]\d{0,4})\.webp$/;

/** The JPEG twin of an upload's main rendition (its address), or null for any other image. */
export function jpegTwinOf(image: string): string | null {
  const match = UPLOADED_MAIN_RENDITION.exec(image);
  return match ? `/media/${match[1]}/${match[2]}x${match[3]}.jpg` : null;
}

/** Known previews: keys are never reused, so one seen is there for good (forgotten past this many). */
const REMEMBERED_PREVIEWS = 10_000;

export interface MediaService {
  /**
   * Checks and stores an upload (4xx HttpError naming `file` when refused), recorded as the
   * admin's, in the audit log too unless `audited` is false (an import's covers: the import is
   * audited once, not each of its thousands of covers).
   */
  storeUpload(input: { bytes: Buffer; uploadedBy: number | null; audited?: boolean }): Promise<StoredUpload>;
  /**
   * Removes an upload nothing refers to (an import's cover whose issue was never committed): its
   * renditions and their rows, by its address. Best effort for the files; unknown addresses are ignored.
   */
  removeUpload(url: string): Promise<void>;
  /** A stored rendition under /media/uploads, or null (unknown or malformed key). */
  openUpload(key: string): Promise<StoredObject | null>;
  /** The raster image for a comic's link preview: its upload's JPEG, or its generated cover drawn as one. */
  linkPreviewOf(volume: { id: number; image: string }): Promise<LinkPreviewImage>;
}

export function createMediaService({ db, storage }: { db: Database; storage: MediaStorage }): MediaService {
  const knownPreviews = new Set<string>();

  async function storeRenditions(id: string, renditions: Rendition[]): Promise<string[]> {
    const keys: string[] = [];
    try {
      for (const rendition of renditions) {
        const key = `${UPLOADS_PREFIX}${id}/${rendition.width}x${rendition.height}.${rendition.extension}`;
        await storage.put(key, rendition.bytes, rendition.contentType);
        keys.push(key);
      }
      return keys;
    } catch (error) {
      await removeQuietly(keys);
      throw error;
    }
  }

  /** Best effort: what stays behind is unreferenced, never served as someone else's. */
  async function removeQuietly(keys: readonly string[]): Promise<void> {
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
  }

  return {
    async storeUpload({ bytes, uploadedBy, audited = true }) {
      await checkUploadedImage(bytes);
      const renditions = await renderRenditions(bytes);
      const main = renditions.find((rendition) => rendition.role === 'main')!;
      const id = randomBytes(12).toString('hex');
      const keys = await storeRenditions(id, renditions);
      const mainKey = keys[renditions.indexOf(main)]!;
      try {
        await db.transaction(async (tx) => {
          await tx.insert(media).values(
            renditions.map((rendition, index) => ({
              key: keys[index]!,
              contentType: rendition.contentType,
              byteSize: rendition.bytes.length,
              uploadedBy,
            })),
          );
          if (!audited) return;
          await createAuditLog(tx).record({
            actorId: uploadedBy,
            action: 'media.uploaded',
            target: `media ${mainKey}`,
            details: { key: mainKey, width: main.width, height: main.height, bytes: bytes.length },
          });
        });
      } catch (error) {
        await removeQuietly(keys);
        throw error;
      }
      return { key: mainKey, url: mediaUrlOf(mainKey), width: main.width, height: main.height };
    },

    async removeUpload(url) {
      const match = UPLOADED_MAIN_RENDITION.exec(url);
      if (!match) return;
      const removed = await db
        .delete(media)
        .where(like(media.key, `${match[1]}/%`))
        .returning({ key: media.key });
      await removeQuietly(removed.map((row) => row.key));
    },

    async openUpload(key) {
      if (!key.startsWith(UPLOADS_PREFIX) || !isValidStorageKey(key)) return null;
      return storage.get(key);
    },

    async linkPreviewOf(volume) {
      const match = UPLOADED_MAIN_RENDITION.exec(volume.image);
      if (match) {
        const [, folder, width, height] = match;
        const key = `${folder}/${width}x${height}.jpg`;
        if (knownPreviews.has(key) || (await storage.exists(key).catch(() => false))) {
          if (knownPreviews.size >= REMEMBERED_PREVIEWS) knownPreviews.clear();
          knownPreviews.add(key);
          return { url: mediaUrlOf(key), width: Number(width), height: Number(height), type: 'image/jpeg' };
        }
      }
      // No upload of ours behind the image (the demo's generated covers), or the store cannot say
      // right now: the volume's generated cover, drawn as a JPEG, rather than no preview or a failed page.
      return {
        url: volumeCoverJpegPath(volume.id),
        width: COVER_RASTER_WIDTH,
        height: COVER_RASTER_HEIGHT,
        type: 'image/jpeg',
      };
    },
  };
}
