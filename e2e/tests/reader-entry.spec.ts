// The ways into the reader (issue 13): an administrator uploads an issue's pages as a CBZ in the
// issue modal of /admin/cardDetail/{id}, sees the page count and reads the uploaded page 1; a
// customer who stopped on a page finds the issue on /user's 'Continue reading' shelf and as
// 'Continue (page N of M)' in My comics and the issue modal. The issues belong to a comic made for
// this spec, so no other spec's reading is disturbed. axe checks each screen, light and dark, and
// screenshots of them go to /tmp/reader-entry-*.png for a look.
import type { Page } from '@playwright/test';
import sharp from 'sharp';

import type { IssuePagesAnswer } from '@comics/shared/schemas/reader';

import { makeCbz } from './support/archives';
import { expect, test } from './support/fixtures';
import { fetchIssues, type Issue } from './support/api';
import { DEMO_ADMIN, loginViaApi, originHeader } from './support/auth';
import { expectNoSeriousAxeViolations } from './support/axe';
import { addToCartViaApi, payCartViaApi, signInAsNewCustomer } from './support/shop';

test.describe.configure({ mode: 'serial' });
test.use({ reducedMotion: 'reduce' });

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** The uploaded pages' colours, page 1 first: page 1 is told apart from generated art by its red. */
const PAGE_COLOURS = ['#d01010', '#1060d0', '#10a040', '#d0a010'];

/** A flat page of `colour` with a white frame, as PNG. */
function pagePng(colour: string): Promise<Buffer> {
  const frame = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1200">' +
      '<rect x="40" y="40" width="720" height="1120" fill="none" stroke="#fff" stroke-width="24"/></svg>',
  );
  return sharp({ create: { width: 800, height: 1200, channels: 3, background: colour } })
    .composite([{ input: frame }])
    .png()
    .toBuffer();
}

/** A CBZ of the pages, named out of order (the server sorts them naturally), with two entries that are not pages. */
async function makePagesCbz(): Promise<Buffer> {
  const pages = await Promise.all(PAGE_COLOURS.map(pagePng));
  return makeCbz([
    ...[3, 1, 4, 2].map((number) => ({ name: `pages/page-${number}.png`, data: pages[number - 1]! })),
    { name: 'ComicInfo.xml', data: Buffer.from('<ComicInfo><Title>Harbour</Title></ComicInfo>') },
    { name: 'notes.txt', data: Buffer.from('scanned by the test') },
  ]);
}

/** A comic of `episodes` issues made through the API (its cover uploaded first); answers it and its issues. */
async function createComic(page: Page, episodes: number): Promise<{ id: number; name: string; issues: Issue[] }> {
  const cover = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#334455' } })
    .png()
    .toBuffer();
  const uploaded = await page.request.post('/api/image/upload', {
    multipart: { upload_preset: 'comics', file: { name: 'cover.png', mimeType: 'image/png', buffer: cover } },
    headers: originHeader(),
  });
  expect(uploaded.status(), 'POST /api/image/upload').toBe(200);
  const { secure_url: imagen } = (await uploaded.json()) as { secure_url: string };
  const name = `Lantern Quay ${Math.random().toString(36).slice(2, 7)}`;
  const created = await page.request.post('/api/comics', {
    data: { name, imagen, description: 'Pages for the reader.', episodes, release: '2024-05-01', publisher: 'Quay' },
    headers: originHeader(),
  });
  expect(created.status(), 'POST /api/comics').toBe(201);
  const { id } = (await created.json()) as { id: number };
  const issues = (await fetchIssues(page.request, id)).sort((a, b) => a.issue_number - b.issue_number);
  return { id, name, issues };
}

async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
}

/** The colour at the middle of a loaded image, read through a canvas (the image is same-origin). */
function centreColour(page: Page, alt: string): Promise<[number, number, number]> {
  return page.getByRole('img', { name: alt, exact: true }).evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const [r, g, b] = context.getImageData(img.naturalWidth / 2, img.naturalHeight / 2, 1, 1).data;
    return [r!, g!, b!] as [number, number, number];
  });
}

let admin: Page;
let comic: { id: number; name: string; issues: Issue[] };

test.beforeAll(async ({ browser, baseURL }) => {
  admin = await (await browser.newContext({ baseURL, reducedMotion: 'reduce' })).newPage();
  await loginViaApi(admin, DEMO_ADMIN);
  comic = await createComic(admin, 2);
});

test.afterAll(async () => {
  await admin.context().close();
});

test('an administrator uploads a CBZ of pages, sees the page count and reads the uploaded page 1', async () => {
  test.slow();
  const issue = comic.issues[0]!;
  await admin.goto(`/admin/cardDetail/${comic.id}?issue=${issue.id}`);
  const modal = admin.getByRole('dialog', { name: `${comic.name} #1` });
  const tool = modal.getByRole('region', { name: 'Pages' });
  await expect(tool).toContainText(/\d+ generated demo pages/);
  await expect(tool.getByRole('button', { name: 'Remove uploaded pages' })).toHaveCount(0);

  await tool.getByLabel('Upload pages (CBZ)').setInputFiles({
    name: 'lantern-quay-1.cbz',
    mimeType: 'application/zip',
    buffer: await makePagesCbz(),
  });
  await expect(tool.getByText('4 pages uploaded.')).toBeVisible({ timeout: 30_000 });
  await expect(tool).toContainText('notes.txt');
  await expect(tool.getByText('4 pages, uploaded')).toBeVisible();
  await expect(tool.getByRole('button', { name: 'Remove uploaded pages' })).toBeVisible();
  await modal.screenshot({ path: '/tmp/reader-entry-admin-uploaded-light.png' });

  for (const theme of THEMES) {
    await useTheme(admin, theme);
    await expect(tool.getByText('4 pages, uploaded')).toBeVisible();
    await expectNoSeriousAxeViolations(admin, `admin's pages tool, ${theme}`);
    await modal.screenshot({ path: `/tmp/reader-entry-admin-${theme}.png` });
  }
  // The removal asks first; cancelled here, the pages stay for the reader.
  await tool.getByRole('button', { name: 'Remove uploaded pages' }).click();
  const question = admin.getByRole('dialog', { name: 'Remove the uploaded pages?' });
  await expect(question).toContainText(`${comic.name} #1 then reads with generated demo pages`);
  await admin.screenshot({ path: '/tmp/reader-entry-admin-confirm-dark.png' });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await useTheme(admin, 'light');

  await tool.getByRole('link', { name: 'Read' }).click();
  await expect(admin).toHaveURL(new RegExp(`/user/read/${issue.id}(\\?page=1)?$`));
  const pageOne = admin.getByRole('img', { name: 'Page 1', exact: true });
  await expect
    .poll(() => pageOne.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      message: 'page 1 loads',
    })
    .toBe(true);
  const [r, g, b] = await centreColour(admin, 'Page 1');
  expect(r, `page 1 is the uploaded red page, not generated art (rgb ${r}, ${g}, ${b})`).toBeGreaterThan(150);
  expect(g).toBeLessThan(80);
  expect(b).toBeLessThan(80);
});

test("a customer who stopped on a page sees 'Continue reading' on /user and 'Continue (page N of M)' in My comics", async ({
  page,
}) => {
  test.slow();
  const [other, stopped] = comic.issues as [Issue, Issue];
  const customer = await signInAsNewCustomer(page);
  await payCartViaApi(page, await addToCartViaApi(page, customer.id, [stopped.id]));
  const pagesAnswer = await page.request.get(`/api/issues/${stopped.id}/pages`);
  expect(pagesAnswer.status()).toBe(200);
  const { pageCount } = (await pagesAnswer.json()) as IssuePagesAnswer;
  const saved = await page.request.put(`/api/user/reading/${stopped.id}`, {
    data: { page: 5 },
    headers: originHeader(),
  });
  expect(saved.status(), `PUT /api/user/reading/${stopped.id}`).toBe(200);
  const continueLabel = `Continue (page 5 of ${pageCount})`;

  await page.goto('/user');
  const shelf = page.getByRole('region', { name: 'Continue reading' });
  const card = shelf.getByRole('link', { name: `${comic.name} #2` });
  await expect(card).toHaveAttribute('href', `/user/read/${stopped.id}?page=5`);
  await expect(shelf).toContainText(`Page 5 of ${pageCount}`);
  // Above the favourites.
  const shelfTop = (await shelf.boundingBox())!.y;
  expect(shelfTop).toBeLessThan((await page.getByRole('heading', { name: 'YOUR FAVORITE COMICS' }).boundingBox())!.y);
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await expect(card).toBeVisible();
    await expectNoSeriousAxeViolations(page, `'Continue reading' on /user, ${theme}`);
    await page.screenshot({ path: `/tmp/reader-entry-shelf-${theme}.png`, fullPage: true });
  }

  await page.goto('/user/purchases');
  const row = page.getByRole('row').filter({ hasText: `#${stopped.issue_number}` });
  await expect(row.getByRole('link', { name: continueLabel })).toHaveAttribute('href', `/user/read/${stopped.id}`);
  await expect(row.getByRole('link', { name: 'Read', exact: true })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, 'My comics with the reader links, dark');
  await page.screenshot({ path: '/tmp/reader-entry-purchases-dark.png' });

  // The issue modal: the owned issue continues, the other one offers the preview.
  await page.goto(`/user/cardDetail/${comic.id}?issue=${stopped.id}`);
  const modal = page.getByRole('dialog', { name: `${comic.name} #2` });
  await expect(modal.getByRole('link', { name: continueLabel })).toHaveAttribute('href', `/user/read/${stopped.id}`);
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await expect(modal.getByRole('link', { name: continueLabel })).toBeVisible();
    await expectNoSeriousAxeViolations(page, `issue modal of an owned issue, ${theme}`);
    await modal.screenshot({ path: `/tmp/reader-entry-modal-${theme}.png` });
  }
  await page.goto(`/user/cardDetail/${comic.id}?issue=${other.id}`);
  const otherModal = page.getByRole('dialog', { name: `${comic.name} #1` });
  await expect(otherModal.getByRole('link', { name: 'Read a preview' })).toHaveAttribute(
    'href',
    `/user/read/${other.id}`,
  );
  await otherModal.screenshot({ path: '/tmp/reader-entry-modal-preview-dark.png' });

  // The shelf's card opens the reader at the page the customer stopped on.
  await page.goto('/user');
  await page
    .getByRole('region', { name: 'Continue reading' })
    .getByRole('link', { name: `${comic.name} #2` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/user/read/${stopped.id}\\?page=5$`));
});
