// Where an owner downloads an issue DRM-free, as a CBZ (issue 27): one address for every place
// that links to it (the web app's 'My comics' and reader, the OPDS feeds' acquisition links) and
// for the server that answers it.

/** The CBZ's media type, as answered and as an OPDS acquisition link declares it. */
export const CBZ_MEDIA_TYPE = 'application/vnd.comicbook+zip';

/** The download's path on the shop's origin (not under /api: reading apps fetch it too). */
export function downloadPath(issueId: number): string {
  return `/downloads/issues/${issueId}.cbz`;
}
