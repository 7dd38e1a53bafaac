// An owner's DRM-free download of an issue (issue 27): its pages as JPEG files (download-files.ts)
// and a ComicInfo.xml naming the buyer, laid out as a stored ZIP (stored-zip.ts) dated the
// purchase, so that every download of a copy, on any instance, is the same bytes, and a strong
// ETag can say so. Only buyers download: an administrator who did not buy the issue is refused
// too, since the file names its buyer.
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { HttpError, notFound } from '../../platform/http/errors';
import type { MediaStorage } from '../../platform/storage/media-storage';
import { downloadComicInfo } from './download-comic-info';
import { createDownloadFiles, type DownloadFile } from './download-files';
import type { Edition } from './editions';
import type { DownloadPage } from './page-images';
import type { ReaderRepository } from './repository';
import { storedZip, type StoredZip, type StoredZipEntry } from './stored-zip';

/** Who downloads: the account the guard found. */
export interface Downloader {
  id: number;
  username: string;
  email: string;
}

/** One buyer's copy of an issue, ready to stream whole or in part. */
export interface IssueDownload {
  /** `<Series> #<n>.cbz`. */
  fileName: string;
  /** Strong: the same ETag is the same bytes. */
  etag: string;
  zip: StoredZip;
}

export interface DownloadsDependencies {
  repository: Pick<ReaderRepository, 'findPurchase' | 'findIssueFacts'>;
  storage: MediaStorage;
  /** The issue's pages; 404 for an unknown issue. */
  edition(issueId: number): Promise<Edition>;
  downloadPage(edition: Edition, number: number, client: string): Promise<DownloadPage | null>;
  /** The shop's address (PUBLIC_URL): the watermark names it, and the issue's page is on it. */
  publicUrl: string;
}

const COMIC_INFO = 'ComicInfo.xml';

/** The issue's page on the shop: its comic's page with the issue open (the web app's /cardDetail/:id?issue=). */
const issuePageOf = (publicUrl: string, volumeId: number, issueId: number) =>
  `${publicUrl}/cardDetail/${volumeId}?issue=${issueId}`;

/** Bytes held in memory as an entry (the ComicInfo.xml). */
function bytesEntry(name: string, bytes: Buffer): StoredZipEntry {
  return { name, size: bytes.length, crc32: crc32(bytes), open: async () => [bytes] };
}

/** Every byte of the archive follows from these: the files' keys (versioned), sizes and sums, the XML, the date. */
function etagOf(files: readonly DownloadFile[], comicInfo: Buffer, purchasedAt: Date): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([files.map((file) => [file.name, file.key, file.size, file.crc32]), purchasedAt]));
  hash.update(comicInfo);
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}

export function createDownloads({ repository, storage, edition, downloadPage, publicUrl }: DownloadsDependencies) {
  const files = createDownloadFiles({ storage, downloadPage });

  return {
    /**
     * The downloader's copy of the issue, its pages made first when they must be (in the user's
     * share of the drawing slots: 503 'busy' past it). 404 for an unknown issue; 403 not_owner
     * for anyone who has not bought it, administrators too. `beforeWork` (the daily limit) runs
     * once the buyer is known, before any page is read or made.
     */
    async open(downloader: Downloader, issueId: number, beforeWork?: () => Promise<void>): Promise<IssueDownload> {
      const pages = await edition(issueId);
      const purchase = await repository.findPurchase(downloader.id, issueId);
      if (!purchase) {
        throw new HttpError(403, ERROR_CODES.notOwner, 'Only the buyer of this issue can download it.');
      }
      await beforeWork?.();
      const [facts, pageFiles] = await Promise.all([
        repository.findIssueFacts(issueId),
        files.filesOf(pages, `user:${downloader.id}`),
      ]);
      if (!facts) throw notFound('Issue');
      const comicInfo = Buffer.from(
        downloadComicInfo({
          facts,
          pages: pageFiles,
          direction: pages.direction,
          sale: { ...purchase, username: downloader.username, email: downloader.email, shop: publicUrl },
          web: issuePageOf(publicUrl, facts.volumeId, issueId),
        }),
      );
      const entries = pageFiles.map((file): StoredZipEntry => ({ ...file, open: () => files.open(pages, file) }));
      return {
        fileName: `${facts.volumeName} #${facts.issueNumber}.cbz`,
        etag: etagOf(pageFiles, comicInfo, purchase.purchasedAt),
        // The metadata last: the pages sit at the same offsets in every buyer's copy.
        zip: storedZip([...entries, bytesEntry(COMIC_INFO, comicInfo)], purchase.purchasedAt),
      };
    },

    /** What the files' cache counts, for the metrics. */
    filesCacheStats: files.cacheStats,
  };
}

export type Downloads = ReturnType<typeof createDownloads>;
