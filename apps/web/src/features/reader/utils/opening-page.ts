// Where the reader opens: the page the address asks for (`?page=N`, a shared or reloaded link),
// else where the owner stopped last time, else the first page.

export type OpeningChoice = {
  /** The `page` search parameter as written, or null. */
  requested: string | null;
  /** The saved page (owners only), or null. */
  saved: number | null;
  pageCount: number;
  /** Pages this reader may see: all for an owner, the preview for anybody else. */
  readable: number;
};

function pageNumber(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text.trim())) return null;
  const page = Number(text);
  return page >= 1 ? page : null;
}

/**
 * The opening position (see reader-stops.ts). A page past the preview opens the preview's end
 * panel; a page past the end opens its last page; a saved page outside the issue (its
 * pages were replaced by a shorter upload) is ignored.
 */
export function openingPosition({ requested, saved, pageCount, readable }: OpeningChoice): number {
  const asked = pageNumber(requested);
  if (asked !== null) {
    const page = Math.min(asked, pageCount);
    return page > readable ? readable + 1 : page;
  }
  if (saved !== null && saved >= 1 && saved <= Math.min(pageCount, readable)) return saved;
  return 1;
}
