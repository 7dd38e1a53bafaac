import { describe, expect, it, vi } from 'vitest';

import { answerPageImage, type StoredPages } from './service-worker-page-images';

const origin = 'https://shop.example';
const page = (width: number) => `${origin}/media/pages/5/v1/12-${width}.webp`;

/** The downloaded pages: answers by key, as the worker's Cache does with `ignoreVary`. */
function storedPages(entries: Record<string, string>) {
  const match = vi.fn(async (key: RequestInfo | URL) => {
    const body = entries[String(key)];
    return body === undefined ? undefined : new Response(body);
  });
  return { match } satisfies StoredPages;
}

const offline = () => vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));

describe('a page image', () => {
  it('comes from the downloaded pages, under its address without the token, without the network', async () => {
    const pages = storedPages({ [page(640)]: 'stored 640' });
    const network = offline();
    const answer = await answerPageImage(new Request(`${page(640)}?t=secret`), origin, pages, network);
    expect(await answer.text()).toBe('stored 640');
    expect(network).not.toHaveBeenCalled();
  });

  it('not downloaded, comes from the network as asked, token and all', async () => {
    const network = vi.fn(async (request: Request) => new Response(`network ${new URL(request.url).search}`));
    const answer = await answerPageImage(new Request(`${page(640)}?t=secret`), origin, storedPages({}), network);
    expect(await answer.text()).toBe('network ?t=secret');
  });

  it('offline, comes from the same page at another stored width', async () => {
    const pages = storedPages({ [page(1280)]: 'stored 1280', [page(1920)]: 'stored 1920' });
    const answer = await answerPageImage(new Request(`${page(640)}?t=secret`), origin, pages, offline());
    expect(await answer.text()).toBe('stored 1280');
  });

  it('offline and not downloaded, fails as the network did', async () => {
    const pages = storedPages({ [`${origin}/media/pages/5/v1/13-640.webp`]: 'another page' });
    await expect(answerPageImage(new Request(`${page(640)}?t=secret`), origin, pages, offline())).rejects.toThrow(
      'Failed to fetch',
    );
  });
});
