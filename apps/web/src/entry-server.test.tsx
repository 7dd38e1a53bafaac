// The server's rendering of a guest's first pages (ADR 014): the catalogue's first cards and the
// carousel in the markup, the answers to hydrate with in a JSON data block, and the first cover
// as the image to preload; any other page is not rendered. The browser suite checks the built
// rendering hydrates without a mismatch (e2e/tests/home-first-paint.spec.ts).
import { PROMO_VOLUME_IDS } from '@comics/shared/constants';
import { describe, expect, it } from 'vitest';

import { prerender, type ApiAnswer } from './entry-server';

const card = (id: number) => ({
  id,
  name: `Series ${id}`,
  deck: null,
  start_year: 2020,
  image: `/media/covers/volumes/${id}.svg`,
  publisher: 'Aurora Comics',
  price_min: 1.99,
  price_max: 3.99,
  rating_average: null,
  rating_count: 0,
});

const answers: Record<string, ApiAnswer> = {
  '/comics?page=1&limit=12': { status: 200, body: [card(828), card(501)], total: 150 },
  '/publishers': { status: 200, body: ['Aurora Comics'], total: null },
  ...Object.fromEntries(
    PROMO_VOLUME_IDS.map((id) => [
      `/comics/${id}`,
      { status: 200, body: { ...card(id), description: '' }, total: null },
    ]),
  ),
};
const getApi = async (path: string) => answers[path] ?? { status: 404, body: null, total: null };

describe('prerender', () => {
  it('renders the guest’s /home with the first cards, the state to hydrate and the first cover to preload', async () => {
    const page = await prerender('/home', getApi);
    expect(page).not.toBeNull();
    expect(page!.html).toContain('Series 828');
    expect(page!.html).toContain('Series 501');
    expect(page!.html).toContain('Every issue. Every publisher.');
    expect(page!.html).toContain('Showing 1–12 of 150 comics');
    expect(page!.lcpImage).toBe('/media/covers/volumes/828.svg');
    const json = /^<script type="application\/json" id="ssr-state">(.*)<\/script>$/.exec(page!.stateScript)?.[1];
    const state = JSON.parse(json!);
    expect(state.queries.queries.map((q: { queryKey: unknown }) => q.queryKey)).toContainEqual(['publishers']);
  });

  it('renders the landing page with the first promo cover to preload', async () => {
    const page = await prerender('/', getApi);
    expect(page!.html).toContain('Go Shop');
    expect(page!.lcpImage).toBe(`/media/covers/volumes/${PROMO_VOLUME_IDS[0]}.svg`);
  });

  it('escapes the state so no text can close its script element', async () => {
    const hostile: Record<string, ApiAnswer> = {
      ...answers,
      '/publishers': { status: 200, body: ['</script><script>alert(1)</script>'], total: null },
    };
    const page = await prerender('/home', async (path) => hostile[path] ?? { status: 404, body: null, total: null });
    expect(page!.stateScript.match(/<\/script>/g)).toHaveLength(1);
  });

  it('renders no other page, and fails when the catalogue cannot be read', async () => {
    expect(await prerender('/login', getApi)).toBeNull();
    await expect(prerender('/home', async () => ({ status: 503, body: null, total: null }))).rejects.toThrow();
  });
});
