// The reader's API shapes (issue 13): an issue's pages, who may read them, where a reader stopped,
// and an administrator's upload of a CBZ. Shared by the API and the web client.
import { z } from 'zod';
import { PAGE_WIDTHS } from '../page-address';
import { issue } from './catalog';

/** Pages anybody may read without owning the issue. */
export const PREVIEW_PAGES = 3;
/** Widths (px) pages are stored at as WebP (page-address.ts, which needs no zod). */
export { PAGE_WIDTHS } from '../page-address';
/** The narrowest rendition: the page strip's thumbnails. */
export const THUMBNAIL_WIDTH = PAGE_WIDTHS[0];
/** An uploaded archive's limits. */
export const MAX_ARCHIVE_PAGES = 300;
export const MAX_ARCHIVE_BYTES = 200 * 1024 * 1024;
/** The archives pages are taken from, by name (the server tells a format by its first bytes). */
export const ARCHIVE_EXTENSIONS = ['.cbz', '.zip', '.cbr', '.rar', '.pdf'] as const;
/** Whether a file's name is one of ARCHIVE_EXTENSIONS. */
export const hasArchiveName = (name: string) =>
  ARCHIVE_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));
/** Page upload form field (multipart). */
export const PAGES_FILE_FIELD = 'file';

export const READING_DIRECTIONS = ['ltr', 'rtl'] as const;
export const readingDirection = z.enum(READING_DIRECTIONS);
export type ReadingDirection = z.infer<typeof readingDirection>;

/** One page: its shape (a page wider than tall is a spread, shown alone), what it is stored at, a placeholder. */
export const readerPage = z.object({
  /** 1-based. */
  number: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** Stored widths, ascending: `{pagesBase}/{number}-{width}.webp` exists for each. */
  widths: z.array(z.number().int()),
  /** data: URI, shown blurred until the page has loaded. */
  placeholder: z.string(),
});
export type ReaderPage = z.infer<typeof readerPage>;

/**
 * GET /api/issues/:id/pages (public, the same for everybody). Page images are at
 * `{pagesBase}/{number}-{width}.webp`; pages past PREVIEW_PAGES need the reader's `?t=` token
 * (GET /api/user/reading/:issueId), anybody's preview pages do not.
 */
export const issuePagesAnswer = z.object({
  issue,
  volumeName: z.string(),
  pageCount: z.number().int(),
  direction: readingDirection,
  previewPages: z.number().int(),
  /** 'uploaded' pages, or 'generated' demo art. */
  source: z.enum(['uploaded', 'generated']),
  /** Address prefix of the page images (absolute when MEDIA_BASE_URL is set). */
  pagesBase: z.string(),
  pages: z.array(readerPage),
});
export type IssuePagesAnswer = z.infer<typeof issuePagesAnswer>;

/** Where a user stopped in an issue. */
export const readingProgress = z.object({
  issueId: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  updatedAt: z.string(),
});
export type ReadingProgress = z.infer<typeof readingProgress>;

/**
 * GET /api/user/reading/:issueId (signed in): whether the caller owns the issue, the token that
 * opens its pages past the preview (owners only; valid until `tokenExpiresAt`), and the saved page.
 */
export const readingAccess = z.object({
  owned: z.boolean(),
  token: z.string().nullable(),
  tokenExpiresAt: z.string().nullable(),
  progress: readingProgress.nullable(),
});
export type ReadingAccess = z.infer<typeof readingAccess>;

/** PUT /api/user/reading/:issueId: the page the owner is on now (1..pageCount). */
export const saveProgressBody = z.object({
  page: z
    .number({ error: 'Must be a page number' })
    .int({ error: 'Must be a page number' })
    .min(1, { error: 'Must be a page number' })
    .max(MAX_ARCHIVE_PAGES, { error: 'Must be a page number' }),
  /**
   * When the page was read, for a place read offline and sent later: it is kept only if it is
   * further than the saved one (or the same page, read later; reading-place.ts). Without it the
   * page is the reader's place now, wherever it is.
   */
  readAt: z.iso.datetime({ offset: true, error: 'Must be a date and time (ISO 8601)' }).optional(),
});
export type SaveProgressBody = z.infer<typeof saveProgressBody>;

/** GET /api/user/reading: the caller's progress in issues they own, most recent first, with the issue. */
export const readingShelfItem = readingProgress.extend({ issue, volumeName: z.string() });
export type ReadingShelfItem = z.infer<typeof readingShelfItem>;
export const readingShelfAnswer = z.array(readingShelfItem);

/** POST /api/admin/issues/:id/pages (multipart `file`: a CBZ/ZIP of images). */
export const pagesUploadAnswer = z.object({
  issueId: z.number().int(),
  pageCount: z.number().int(),
  direction: readingDirection,
  /** Archive entries that were not pages (ComicInfo.xml, text files, folders' thumbnails…), by name. */
  skipped: z.array(z.string()),
});
export type PagesUploadAnswer = z.infer<typeof pagesUploadAnswer>;
