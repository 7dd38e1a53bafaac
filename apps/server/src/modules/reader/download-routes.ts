// GET /downloads/issues/{issueId}.cbz: an owner's DRM-free copy of an issue (downloads.ts),
// streamed from the storage as it is sent (never built in memory), resumable with Range and
// If-Range, and limited per account per day (download-limit.ts). At the root, not under /api:
// reading apps fetch it as an OPDS acquisition link, signed in by a session or an app password
// (the reading-app guard, installed on this plugin's scope only).
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CBZ_MEDIA_TYPE } from '@comics/shared/downloads';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { idParam } from '@comics/shared/schemas/catalog';
import { apiError } from '@comics/shared/schemas/errors';
import { HttpError } from '../../platform/http/errors';
import { callerOf } from '../auth/access';
import { askedRange, rangeIn, rangeStillApplies, type ByteRange } from './byte-range';
import { attachmentDisposition } from './content-disposition';
import type { DownloadLimit } from './download-limit';
import type { Downloads, IssueDownload } from './downloads';

export interface DownloadRoutesOptions {
  downloads: Downloads;
  limit: DownloadLimit;
  /** Who is calling (the auth module's reading-app guard): a 401 with a Basic challenge for nobody. */
  guard: (scope: FastifyInstance) => void;
}

/** Bytes the stream hands the socket at a time: the storage's own reads are 64 kB. */
const STREAM_CHUNK_BYTES = 64 * 1024;

const rangeNotSatisfiable = (size: number) =>
  new HttpError(416, ERROR_CODES.badRequest, `The range asked for is not within the file's ${size} bytes.`, undefined, {
    'content-range': `bytes */${size}`,
  });

/** The answer's headers, whole or partial. */
function describe(reply: FastifyReply, download: IssueDownload, range: ByteRange, partial: boolean): FastifyReply {
  reply
    .type(CBZ_MEDIA_TYPE)
    .header('content-disposition', attachmentDisposition(download.fileName))
    .header('accept-ranges', 'bytes')
    .header('etag', download.etag)
    .header('content-length', String(range.end - range.start + 1))
    .header('x-content-type-options', 'nosniff');
  if (partial) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${download.zip.size}`);
  return reply;
}

export const downloadRoutes: FastifyPluginAsyncZod<DownloadRoutesOptions> = async (
  app,
  { downloads, limit, guard },
) => {
  guard(app);

  app.get(
    '/downloads/issues/:issueId.cbz',
    {
      // Pages are JPEGs: compressing them again gains nothing and would lose the byte ranges.
      compress: false,
      schema: {
        tags: ['reader'],
        summary: "An owner's issue as a DRM-free CBZ (JPEG pages, ComicInfo.xml naming the buyer)",
        description:
          'Streamed; `Range` (one range) and `If-Range` resume it. Signed in by a session or, for reading apps, HTTP Basic with an app password. 403 `not_owner` for anyone who has not bought the issue, administrators too; 429 past the downloads an account may start a day (resuming one does not count).',
        params: z.object({ issueId: idParam }),
        response: {
          400: apiError,
          401: apiError,
          403: apiError,
          404: apiError,
          416: apiError,
          429: apiError,
          503: apiError,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const asked = askedRange(request.headers.range);
      // HEAD sends no file, so starts no download.
      const sends = request.method === 'GET';
      // An issue new today is counted (or refused) before any work; HEAD sends no file, so counts nothing.
      const { issueId } = request.params;
      const download = await downloads.open(caller, issueId, sends ? () => limit.count(caller.id, issueId) : undefined);
      const { size } = download.zip;
      const ifRange = [request.headers['if-range']].flat()[0];
      const honoured = asked && rangeStillApplies(ifRange, download.etag) ? asked : null;
      const range = honoured ? rangeIn(honoured, size) : { start: 0, end: size - 1 };
      if (!range) throw rangeNotSatisfiable(size);

      const answer = describe(reply, download, range, honoured !== null);
      // Fastify would read a stream to its end for HEAD: nothing is opened instead.
      if (!sends) return answer.send(Readable.from([]));
      // Pulled as the socket drains: one entry's piece in memory at a time.
      const body = Readable.from(download.zip.bytes(range.start, range.end), {
        objectMode: false,
        highWaterMark: STREAM_CHUNK_BYTES,
      });
      return answer.send(body);
    },
  );
};
