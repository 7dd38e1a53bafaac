import { ERROR_CODES } from '@comics/shared/error-codes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import type { ReaderPurchase } from './reader-end';
import { ReaderScreen } from './reader-screen';
import { ACCESS_PATH, ISSUE_ID, issuePages, notOwnedAccess, ownerAccess, PAGES_PATH } from './reader-test-data';

type Reader = { userId?: number | null; url?: string; purchase?: ReaderPurchase };

function openReader(handlers: Parameters<typeof mockApi>[0], { userId = null, url, purchase }: Reader = {}) {
  const api = mockApi(handlers);
  const view = renderRoute(
    <ReaderScreen issueId={ISSUE_ID} userId={userId} role={userId === null ? null : 'USER'} purchase={purchase} />,
    { path: '/user/read/:issueId', url: url ?? `/user/read/${ISSUE_ID}` },
  );
  return { ...api, ...view, user: userEvent.setup() };
}

/** The live region that says where the reader is. */
const counter = (text: string) => screen.findByText(text, { selector: 'p[role="status"]' });
const pageImage = (n: number) => screen.getByRole('img', { name: `Page ${n}` });

describe('the reader, for a guest', () => {
  it('reads the three preview pages, then shows "Buy this issue" instead of page 4', async () => {
    const { user } = openReader({ [`GET ${PAGES_PATH}`]: { body: issuePages() } });
    await counter('Page 1 of 8');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Night Owls #5');
    expect(pageImage(1)).toHaveAttribute('srcset', expect.stringContaining('/media/pages/7/v1/1-320.webp 320w'));

    await user.keyboard('{ArrowRight}');
    await counter('Page 2 of 8');
    await user.keyboard('{ArrowRight}');
    await counter('Page 3 of 8');
    await user.keyboard('{ArrowRight}');
    await counter('End of the preview');

    expect(screen.queryByRole('img', { name: 'Page 4' })).not.toBeInTheDocument();
    const cta = screen.getByRole('region', { name: 'Night Owls #5' });
    expect(cta).toHaveTextContent('$3.99');
    expect(within(cta).getByRole('img', { name: 'Cover of Night Owls #5' })).toBeInTheDocument();
    // A guest signs in to buy.
    expect(within(cta).getByRole('link', { name: 'Buy this issue' })).toHaveAttribute('href', '/login');
    // Going further stays there; back goes to page 3.
    await user.keyboard('{ArrowRight}');
    await counter('End of the preview');
    await user.keyboard('{ArrowLeft}');
    await counter('Page 3 of 8');
  });

  it('keeps pages past the preview locked in the page strip, leading to the call to action', async () => {
    const { user } = openReader({ [`GET ${PAGES_PATH}`]: { body: issuePages() } });
    await counter('Page 1 of 8');
    await user.click(screen.getByRole('button', { name: 'Page thumbnails' }));
    const strip = screen.getByRole('navigation', { name: 'Page thumbnails' });
    const thumbnails = within(strip).getAllByRole('button');
    expect(thumbnails).toHaveLength(8);
    expect(thumbnails[0]).toHaveAttribute('aria-current', 'page');
    expect(thumbnails[2]).toHaveAccessibleName('Page 3');
    expect(thumbnails[3]).toHaveAccessibleName('Page 4, locked: buy the issue to read it');
    // A locked page shows its placeholder, never its image.
    expect(thumbnails[3]!.querySelector('img')).toHaveAttribute('src', 'data:image/webp;base64,UklGR4');
    expect(thumbnails[2]!.querySelector('img')).toHaveAttribute('src', '/media/pages/7/v1/3-320.webp');

    await user.click(thumbnails[6]!);
    await counter('End of the preview');
    await user.click(thumbnails[1]!);
    await counter('Page 2 of 8');
  });

  it("opens the preview's end for a page past the preview in the address", async () => {
    openReader({ [`GET ${PAGES_PATH}`]: { body: issuePages() } }, { url: `/user/read/${ISSUE_ID}?page=6` });
    await counter('End of the preview');
  });

  it('turns forward with the left arrow in a right-to-left book, and with a tap on the left third', async () => {
    const { user } = openReader({ [`GET ${PAGES_PATH}`]: { body: issuePages({ direction: 'rtl' }) } });
    await counter('Page 1 of 8');
    await user.keyboard('{ArrowLeft}');
    await counter('Page 2 of 8');
    await user.keyboard('{ArrowRight}');
    await counter('Page 1 of 8');
    // On screen, the left button is the next page.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await counter('Page 2 of 8');

    const stage = screen.getByRole('region', { name: 'Pages' });
    stage.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 900, height: 600 });
    const tapAt = (clientX: number) =>
      user.pointer({ keys: '[MouseLeft]', target: stage, coords: { clientX, clientY: 300 } });
    await tapAt(100);
    await counter('Page 3 of 8');
    await tapAt(800);
    await counter('Page 2 of 8');
    // The middle shows and hides the bars.
    await tapAt(450);
    expect(stage.closest('.reader')).toHaveClass('is-chrome-hidden');
    await tapAt(450);
    expect(stage.closest('.reader')).not.toHaveClass('is-chrome-hidden');
  });

  it('lists the keys on "?" and closes the help with Escape', async () => {
    const { user } = openReader({ [`GET ${PAGES_PATH}`]: { body: issuePages() } });
    await counter('Page 1 of 8');
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Reading keys and gestures' });
    expect(within(help).getByRole('row', { name: /Next page/ })).toHaveTextContent('→ Page Down SpaceNext page');
    // The reader's keys are off while the help is open.
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await counter('Page 1 of 8');
  });
});

describe('the reader, for a signed-in reader', () => {
  it('opens an owner at the saved page, with the token on the pages past the preview', async () => {
    openReader(
      { [`GET ${PAGES_PATH}`]: { body: issuePages() }, [`GET ${ACCESS_PATH}`]: { body: ownerAccess(5) } },
      { userId: 3 },
    );
    await counter('Page 5 of 8');
    expect(pageImage(5)).toHaveAttribute('src', '/media/pages/7/v1/5-1280.webp?t=tok.en');
    expect(screen.queryByText('Preview')).not.toBeInTheDocument();
    // An owner downloads the issue DRM-free (issue 27).
    const download = screen.getByRole('link', { name: 'Download CBZ' });
    expect(download).toHaveAttribute('href', `/downloads/issues/${ISSUE_ID}.cbz`);
    expect(download).toHaveAttribute('download');
  });

  it('opens the page in the address before the saved one, and reaches the end panel after the last page', async () => {
    const { user } = openReader(
      { [`GET ${PAGES_PATH}`]: { body: issuePages() }, [`GET ${ACCESS_PATH}`]: { body: ownerAccess(5) } },
      { userId: 3, url: `/user/read/${ISSUE_ID}?page=8` },
    );
    await counter('Page 8 of 8');
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('heading', { name: 'You finished Night Owls #5' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My comics' })).toHaveAttribute('href', '/user/purchases');
    await user.keyboard('{Home}');
    await counter('Page 1 of 8');
    await user.keyboard('{End}');
    await counter('Page 8 of 8');
  });

  it('shows a reader who does not own the issue the preview and a "Buy this issue" button', async () => {
    let added = 0;
    const purchase: ReaderPurchase = { ready: true, inCart: false, addToCart: async () => void added++ };
    const { user } = openReader(
      { [`GET ${PAGES_PATH}`]: { body: issuePages() }, [`GET ${ACCESS_PATH}`]: { body: notOwnedAccess } },
      { userId: 3, url: `/user/read/${ISSUE_ID}?page=4`, purchase },
    );
    await counter('End of the preview');
    // Nothing to download before buying.
    expect(screen.queryByRole('link', { name: 'Download CBZ' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy this issue' }));
    expect(added).toBe(1);
  });
});

describe('the reader, when loading fails', () => {
  it('shows the not-found view for an unknown issue', async () => {
    openReader({ [`GET ${PAGES_PATH}`]: apiError(404, ERROR_CODES.notFound, 'Issue not found.') });
    expect(await screen.findByRole('heading', { name: 'Issue not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
  });

  it('says why the pages did not load, and tries again', async () => {
    let calls = 0;
    const { user } = openReader({
      [`GET ${PAGES_PATH}`]: () =>
        ++calls === 1 ? apiError(503, ERROR_CODES.busy, 'Try later.') : { body: issuePages() },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The pages could not be loaded');
    expect(alert).toHaveTextContent('Try later.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await counter('Page 1 of 8');
  });
});
