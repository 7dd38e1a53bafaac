// The server's rendering of the guest's first pages (ADR 014): `/` and `/home` as HTML, from the
// same components and the same query answers the browser will have, so the page paints before
// any script runs and main.tsx hydrates it instead of drawing it again. Built by
// `vite build --ssr` into dist-ssr/ and loaded by the server's web module; nothing here runs in
// the browser. Only guest pages: a signed-in visitor's pages are never rendered here.
import { PROMO_VOLUME_IDS } from '@comics/shared/constants';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { getComicQueryOptions } from './features/catalog/api/get-comic';
import { getComicsQueryOptions, type ComicsPage } from './features/catalog/api/get-comics';
import { getPublishersQueryOptions } from './features/catalog/api/get-publishers';
import { parseCatalogQuery } from './features/catalog/hooks/use-catalog-params';
import type { Comic } from './features/catalog/types';
import { createQueryClient } from './lib/query-client';
import { SSR_STATE_ID, type SsrState } from './ssr-state';

/** The pages rendered on the server: the landing page and the catalogue's default view. */
export const prerenderedPaths: readonly string[] = ['/', '/home'];

/** An API answer as the browser would get it: status, JSON body and, for lists, X-Total-Count. */
export type ApiAnswer = { status: number; body: unknown; total: number | null };
export type GetApi = (path: string) => Promise<ApiAnswer>;

export type Prerendered = {
  /** The markup of #root. */
  html: string;
  /** A `<script type="application/json">` with what main.tsx hydrates from (data, not code: no CSP change). */
  stateScript: string;
  /** The page's largest image (the first catalogue cover, or the landing's first promo cover). */
  lcpImage: string | null;
};

async function prefetch(queryClient: QueryClient, pathname: string, getApi: GetApi): Promise<string | null> {
  const ok = async (path: string) => {
    const answer = await getApi(path);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
    return answer;
  };
  const promos = await Promise.all(PROMO_VOLUME_IDS.map((id) => ok(`/comics/${id}`)));
  PROMO_VOLUME_IDS.forEach((id, i) =>
    queryClient.setQueryData(getComicQueryOptions(id).queryKey, promos[i]!.body as Comic),
  );
  if (pathname === '/') return (promos[0]!.body as Comic).image ?? null;

  const query = parseCatalogQuery(new URLSearchParams());
  const [list, publishers] = await Promise.all([ok(`/comics?page=1&limit=12`), ok('/publishers')]);
  const items = list.body as ComicsPage['items'];
  queryClient.setQueryData(getComicsQueryOptions(query).queryKey, { items, total: list.total ?? items.length });
  queryClient.setQueryData(getPublishersQueryOptions().queryKey, publishers.body as string[]);
  return items[0]?.image ?? null;
}

/** The guest's page at `pathname` (one of prerenderedPaths), or null if it cannot be rendered. */
export async function prerender(pathname: string, getApi: GetApi): Promise<Prerendered | null> {
  if (!prerenderedPaths.includes(pathname)) return null;
  const queryClient = createQueryClient();
  const lcpImage = await prefetch(queryClient, pathname, getApi);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  const state: SsrState = {
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
  };
  // '<' escaped, so no text in the data can close the script element.
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return {
    html,
    stateScript: `<script type="application/json" id="${SSR_STATE_ID}">${json}</script>`,
    lcpImage,
  };
}
