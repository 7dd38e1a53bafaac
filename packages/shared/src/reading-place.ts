// Which of two places in an issue a reader keeps when they were saved apart (a page read offline
// on this device, queued, against the server's saved page): the furthest page wins, with the time
// it was read; at the same page, the later time. The server applies it to every queued place it
// receives, the web app to what it shows before the queue is sent.

export interface ReadingPlace {
  /** 1-based page. */
  page: number;
  /** When it was read (ISO 8601). */
  at: string;
}

export function furthestPlace<T extends ReadingPlace>(a: T, b: T): T;
export function furthestPlace<T extends ReadingPlace>(a: T | null, b: T | null): T | null;
export function furthestPlace<T extends ReadingPlace>(a: T | null, b: T | null): T | null {
  if (!a || !b) return a ?? b;
  if (a.page !== b.page) return a.page > b.page ? a : b;
  return Date.parse(b.at) > Date.parse(a.at) ? b : a;
}
