// PUT /api/user/reading/{issueId}: the page an owner is on now. The reader saves it a moment after
// each turn (not on every key press); the shelf is refreshed afterwards. A place read offline is
// sent later with the time it was read.
import type { ReadingProgress } from '@comics/shared/schemas/reader';

import { apiPut } from '@/lib/api-client';

/** `readAt`: a place read offline, sent later; the server keeps the furthest (reading-place.ts). */
export function saveProgress(
  issueId: number,
  page: number,
  { keepalive, readAt }: { keepalive?: boolean; readAt?: string } = {},
): Promise<ReadingProgress> {
  return apiPut<ReadingProgress>(`/user/reading/${issueId}`, { page, readAt }, { keepalive: keepalive ?? false });
}
