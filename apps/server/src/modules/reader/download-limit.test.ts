// The daily brake on downloads: distinct issues an account starts, each counted once a day.
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { createInProcessAttemptCounter } from '../../platform/limits/attempt-counter';
import { createDownloadLimit, DOWNLOADS_PER_DAY } from './download-limit';

describe('the downloads an account may start a day', () => {
  it(`lets ${DOWNLOADS_PER_DAY} issues through, then refuses a new one but never one already counted`, async () => {
    const limit = createDownloadLimit(createInProcessAttemptCounter());
    for (let issueId = 1; issueId <= DOWNLOADS_PER_DAY; issueId++) await limit.count(7, issueId);

    const refused = await limit.count(7, DOWNLOADS_PER_DAY + 1).catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 429, code: ERROR_CODES.rateLimited });
    expect((refused as Error).message).toMatch(/Try again in \d+ hours/);
    // Fetched again (resumed, restarted): the same download.
    await expect(limit.count(7, 1)).resolves.toBeUndefined();
    // The refused issue was not counted: still refused, not let through as "already counted".
    await expect(limit.count(7, DOWNLOADS_PER_DAY + 1)).rejects.toMatchObject({ statusCode: 429 });
    // Another account is not held back.
    await expect(limit.count(8, DOWNLOADS_PER_DAY + 1)).resolves.toBeUndefined();
  });

  it('counts parallel new issues past the limit back out', async () => {
    const limit = createDownloadLimit(createInProcessAttemptCounter());
    const outcomes = await Promise.allSettled(
      Array.from({ length: DOWNLOADS_PER_DAY + 5 }, (_, index) => limit.count(9, index + 1)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(DOWNLOADS_PER_DAY);
  });
});
