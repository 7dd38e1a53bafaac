// Media uploads (docs/product.md §7 POST {image host}/image/upload): the shop is its own image
// host, answering like the spec's one did.
import { z } from 'zod';
import { IMAGE_UPLOAD_PRESET } from '../constants';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Decoded pixels an upload may have (a decompression bomb is refused before it is decoded). */
export const MAX_UPLOAD_PIXELS = 40_000_000;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** The multipart form's text field besides `file`. */
export const uploadPreset = z.literal(IMAGE_UPLOAD_PRESET, { error: `Must be '${IMAGE_UPLOAD_PRESET}'` });

/** POST /api/image/upload answer: `secure_url` is the image's address (a WebP rendition). */
export const uploadAnswer = z.object({
  secure_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadAnswer = z.infer<typeof uploadAnswer>;
