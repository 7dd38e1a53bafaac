import { describe, expect, it } from 'vitest';

import { isAppPage, isCatalogImage, isPageImage } from './service-worker-requests';

const origin = 'https://shop.example';
const url = (address: string) => new URL(address, origin);

describe('what the service worker answers', () => {
  it.each(['/', '/home', '/user/purchases', '/cardDetail/773', '/apiary', '/documents'])(
    '%s is a page of the app',
    (path) => expect(isAppPage(path)).toBe(true),
  );

  it.each([
    '/api',
    '/api/cart',
    '/api/docs',
    '/media/covers/volumes/1.jpg',
    '/opds',
    '/opds/v2/catalog',
    '/downloads/9',
    '/docs',
    '/docs/',
  ])('%s is not', (path) => expect(isAppPage(path)).toBe(false));

  it('keeps covers and uploads of this shop as catalogue images, never pages or the API', () => {
    expect(isCatalogImage(url('/media/covers/volumes/773.svg'), origin)).toBe(true);
    expect(isCatalogImage(url('/media/uploads/ab12/600x900.webp'), origin)).toBe(true);
    expect(isCatalogImage(url('/media/pages/5/v1/1-640.webp?t=token'), origin)).toBe(false);
    expect(isCatalogImage(url('/media/pages/5/v1/cover.png'), origin)).toBe(false);
    expect(isCatalogImage(url('/api/comics'), origin)).toBe(false);
    expect(isCatalogImage(new URL('https://media.example/media/covers/volumes/1.jpg'), origin)).toBe(false);
  });

  it('knows page images of issues by their address', () => {
    expect(isPageImage(url('/media/pages/5/v1/12-640.webp?t=token'), origin)).toBe(true);
    expect(isPageImage(url('/media/pages/5/v1/cover.png'), origin)).toBe(false);
    expect(isPageImage(new URL('https://elsewhere.example/media/pages/5/v1/12-640.webp'), origin)).toBe(false);
  });
});
