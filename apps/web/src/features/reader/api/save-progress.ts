// PUT /api/user/reading/{issueId}: the page an owner is on now. The reader saves it a moment after
// each turn (not on every key press); the shelf is refreshed afterwards.
import type { ReadingProgress } from '@comics/shared/schemas/reader';

import { apiPut } from '@/lib/api-client';

export function saveProgress(
  issueId: number,
  page: number,
  options?: { keepalive?: boolean },
): Promise<ReadingProgress> {
  return apiPut<ReadingProgress>(`/user/reading/${issueId}`, { page }, options);
}
