// The e-mail the shop sent during the run, as the mail catcher (e2e/mail-catcher.ts) received it
// over SMTP: the specs wait for the message to an address instead of reading files.
import { expect } from '@playwright/test';

import type { CaughtMail } from '../../mail-catcher';

/** Where the mail catcher listens: SMTP for the shop, HTTP for the specs (playwright.config.ts starts it). */
export const MAIL_CATCHER = {
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3917) + 8),
  httpPort: Number(process.env.E2E_MAIL_HTTP_PORT ?? Number(process.env.E2E_PORT ?? 3917) + 9),
};

export type { CaughtMail };

/** Every message received for the address so far, oldest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const url = `http://127.0.0.1:${MAIL_CATCHER.httpPort}/messages?to=${encodeURIComponent(address)}`;
  const response = await fetch(url);
  expect(response.status, `GET ${url}`).toBe(200);
  return (await response.json()) as CaughtMail[];
}

/** Waits (10 s at most) until the address has received `count` messages, and answers the last. */
export async function waitForMail(address: string, count = 1): Promise<CaughtMail> {
  let mails: CaughtMail[] = [];
  await expect
    .poll(async () => (mails = await mailsTo(address)).length, {
      message: `${count} e-mail(s) to ${address}`,
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(count);
  return mails[count - 1]!;
}
