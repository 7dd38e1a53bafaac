// Filling the shop from the browser (issue 26): the demo administrator drops three archives on the
// Import screen, sets a publisher's price, watches the uploads and conversions go, reads the
// report, and finds the new series in the catalogue with its credits; and an upload cut off by a
// reload goes on from the byte the server has once the same file is dropped again.
// Screenshots of the screen and the report, light and dark, wide and 360 px, go to /tmp/import-*.png.
import type { Page } from '@playwright/test';

import { comicInfo, makeCbz, noisePage } from './support/archives';
import { DEMO_ADMIN, loginViaApi } from './support/auth';
import { expectNoSeriousAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test.use({ reducedMotion: 'reduce' });

type Archive = { name: string; bytes: Buffer };

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scroll').toBeLessThanOrEqual(0);
}

/** Drops the archives on the zone as a browser does a drag from the desktop (a DataTransfer of Files). */
async function dropArchives(page: Page, archives: readonly Archive[]): Promise<void> {
  const files = archives.map(({ name, bytes }) => ({ name, base64: bytes.toString('base64') }));
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const { name, base64 } of list) {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      // A fixed date: a file dropped again after a reload is the same file to the upload's fingerprint.
      data.items.add(new File([bytes], name, { type: 'application/zip', lastModified: 1_700_000_000_000 }));
    }
    return data;
  }, files);
  const zone = page.getByTestId('import-drop-zone').first();
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

async function issueArchive(series: string, number: number, pages: number, writer: string): Promise<Archive> {
  const images = await Promise.all(Array.from({ length: pages }, () => noisePage(300, 450)));
  return {
    name: `${series} ${String(number).padStart(3, '0')}.cbz`,
    bytes: await makeCbz([
      ...images.map((data, index) => ({ name: `page${index + 1}.jpg`, data })),
      {
        name: 'ComicInfo.xml',
        data: comicInfo({ Series: series, Number: number, Year: 2024, Publisher: 'Driftwood Press', Writer: writer }),
      },
    ]),
  };
}

test('an administrator drops three archives, follows the import and finds the new series with its credits', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const series = `Lantern Coast ${Date.now().toString(36)}`;
  const archives = await Promise.all([1, 2, 3].map((number) => issueArchive(series, number, 2, 'Mara Quill')));
  await loginViaApi(page, DEMO_ADMIN);
  await page.goto('/dashboard/import');
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();

  await dropArchives(page, archives);
  await expect(page.getByText('3 archives,')).toBeVisible();
  await page.getByRole('button', { name: 'Add a publisher’s price' }).click();
  await page.getByPlaceholder('Publisher').fill('Driftwood Press');
  await page.getByLabel('Price of Driftwood Press’s new issues ($)').fill('2.75');
  await page.getByRole('button', { name: 'Import 3 archives' }).click();

  await expect(page).toHaveURL(/\/dashboard\/import\/\d+$/);
  const rows = page.locator('.import-files-table tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('status')).toContainText('3 created, 0 updated, 0 unchanged, 0 failed');
  await expect(rows.filter({ hasText: 'Created' })).toHaveCount(3);
  await expectNoSeriousAxeViolations(page, 'import report');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(rows.filter({ hasText: 'Created' })).toHaveCount(3);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/import-report-${theme}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await rows.first().getByRole('link', { name: 'Open the comic' }).click();
  await expect(page.getByRole('heading', { name: series })).toBeVisible();
  await expect(page.getByText('Mara Quill').first()).toBeVisible();
  // The publisher's price, not the default one.
  await expect(page.getByText('$2.75').first()).toBeVisible();
});

test('an upload cut off by a reload goes on from where it stopped when the file is dropped again', async ({ page }) => {
  test.setTimeout(90_000);
  const series = `Slow Tide ${Date.now().toString(36)}`;
  // About 3 MB of pages that do not compress, sent at 512 KB/s: several seconds to cut into.
  const images = await Promise.all(Array.from({ length: 6 }, () => noisePage(700, 1000)));
  const archive: Archive = {
    name: `${series} 001.cbz`,
    bytes: await makeCbz([
      ...images.map((data, index) => ({ name: `page${index + 1}.jpg`, data })),
      { name: 'ComicInfo.xml', data: comicInfo({ Series: series, Number: 1, Writer: 'Ona Reed' }) },
    ]),
  };
  await loginViaApi(page, DEMO_ADMIN);
  const network = await page.context().newCDPSession(page);
  await network.send('Network.enable');
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  await page.goto('/dashboard/import');
  await dropArchives(page, [archive]);
  await page.getByRole('button', { name: 'Import 1 archive' }).click();
  const upload = page.getByRole('progressbar', { name: `Upload of ${archive.name}` });
  await expect(upload).toBeVisible();
  await expect
    .poll(async () => Number(await upload.getAttribute('aria-valuenow')), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(30);

  await page.reload();
  await expect(page.getByText('Waiting for its file')).toBeVisible();
  const resumed = page.waitForRequest((request) => request.method() === 'PATCH');
  await dropArchives(page, [archive]);
  const offset = Number((await resumed).headers()['upload-offset']);
  expect(offset, 'the first byte sent after the reload').toBeGreaterThan(archive.bytes.length * 0.2);

  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('status')).toContainText('1 created');
});

test('the Import screen, light and dark, wide and on a phone', async ({ page }) => {
  await loginViaApi(page, DEMO_ADMIN);
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard/import');
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'New import' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/import-${theme}-${width}.png`, fullPage: true });
    }
  }
});
