// Serves the built SPA: hashed assets cached for a year, index.html for every client
// route (never cached, so a deploy is seen at once), and link-preview tags for comic pages. The
// service worker and the web manifest are asked again on every visit too: a new version of the app
// is found on the next visit, not an hour later.
// Their absolute addresses are on PUBLIC_URL (or the media host), never on the request's Host
// or X-Forwarded-Host: whoever sends a request must not choose the links a page hands out.
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BoundedCache, sharedLoad } from '../../platform/cache/bounded-cache';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import { escapeHtml } from '../../platform/http/escape-html';
import type { MediaAddresses } from '../../platform/http/media-addresses';
import { readCredential } from '../auth/session-cookie';
import type { CatalogService } from '../catalog/service';
import type { LinkPreviewImage, MediaService } from '../media/service';

const SHOP_TITLE = 'Comics Shop';
const SHOP_DESCRIPTION = 'Browse, search and buy digital comics.';
/** Files at the root of the build whose every change a browser must see on its next visit. */
const REVALIDATED_FILES = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);
const comicPage = /^\/(?:user\/|admin\/)?cardDetail\/(\d{1,9})\/?$/;

const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function headTags(meta: { title: string; description: string; image?: LinkPreviewImage; url: string }): string {
  const tags = [
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${SHOP_TITLE}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}">`,
  ];
  if (meta.image) {
    // A raster image with its size: the big networks take no SVG, and the size lets them lay
    // the card out before fetching it.
    tags.push(
      `<meta property="og:image" content="${escapeHtml(meta.image.url)}">`,
      `<meta property="og:image:type" content="${meta.image.type}">`,
      `<meta property="og:image:width" content="${meta.image.width}">`,
      `<meta property="og:image:height" content="${meta.image.height}">`,
    );
  }
  return tags.join('\n    ');
}

/** The web app's server rendering (apps/web/src/entry-server.tsx, built into dist-ssr/). */
type SsrModule = {
  prerenderedPaths: readonly string[];
  prerender(
    pathname: string,
    getApi: (path: string) => Promise<{ status: number; body: unknown; total: number | null }>,
  ): Promise<{ html: string; stateScript: string; lcpImage: string | null } | null>;
};

/** How long a rendered page is reused at most; a catalogue change or a review drops it at once. */
const RENDERED_PAGE_TTL_MS = 30_000;

async function loadSsrModule(app: FastifyInstance, file: string): Promise<SsrModule | null> {
  try {
    await access(file);
  } catch {
    return null; // Not built (tests, or a build without it): every page is drawn in the browser.
  }
  try {
    const module = (await import(pathToFileURL(file).href)) as SsrModule;
    return typeof module.prerender === 'function' ? module : null;
  } catch (error) {
    app.log.warn({ err: error }, "The web app's server rendering could not be loaded; pages are drawn in the browser.");
    return null;
  }
}

export async function registerWebApp(
  app: FastifyInstance,
  {
    webDist,
    catalog,
    media,
    addresses,
    publicUrl,
    catalogChanges,
    ratingsVersion = () => '',
    ssrEntry = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js'),
  }: {
    webDist: string;
    /** Drops the rendered pages when the catalogue changes. */
    catalogChanges?: CatalogEvents;
    /** Moves on with every review: a rendered page of another version is rendered again. */
    ratingsVersion?: () => string;
    /** The server rendering's module; absent, every page is drawn in the browser. */
    ssrEntry?: string;
    catalog: CatalogService;
    media: MediaService;
    addresses: MediaAddresses;
    /** The shop's origin (PUBLIC_URL), which every absolute link starts with. */
    publicUrl: string;
  },
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>> {
  const template = await readFile(path.join(webDist, 'index.html'), 'utf8');

  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
      const revalidated = path.dirname(filePath) === webDist && REVALIDATED_FILES.has(path.basename(filePath));
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : revalidated ? 'no-cache' : 'public, max-age=3600',
      );
      // The type browsers expect of a web manifest (send's own table may not know the extension).
      if (filePath.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json');
    },
  });

  async function metaFor(request: FastifyRequest) {
    const origin = publicUrl;
    // An absolute-form request line (`GET http://elsewhere/ HTTP/1.1`) has no path of ours.
    const pathAndQuery = request.url.startsWith('/') ? request.url : '/';
    const base = { title: SHOP_TITLE, description: SHOP_DESCRIPTION, url: origin + pathAndQuery };
    const id = comicPage.exec(request.url.split('?')[0] ?? '')?.[1];
    if (!id) return base;
    const comic = await catalog.getComic(Number(id)).catch(() => null);
    if (!comic) return base;
    const description = comic.deck ?? stripTags(comic.description ?? '').slice(0, 200);
    const image = await media.linkPreviewOf(comic);
    const address = addresses.addressOf(image.url);
    return {
      title: comic.startYear ? `${comic.name} (${comic.startYear})` : comic.name,
      description: description || SHOP_DESCRIPTION,
      // Link previewers need an absolute URL: on the media host when there is one, else on ours.
      image: { ...image, url: address.startsWith('/') ? origin + address : address },
      url: base.url,
    };
  }

  // A guest's `/` and `/home` come rendered (ADR 014): the page paints from the first HTML and
  // the app hydrates it. Rendered from the catalogue's public answers only (asked in-process, as
  // a guest), never from anything of the visitor's, so one rendering serves every guest; it is
  // kept until the catalogue changes or for RENDERED_PAGE_TTL_MS.
  const ssr = await loadSsrModule(app, ssrEntry);
  // By ratings version and path: a review moves the version on. A handful of paths, so the
  // entry bound only sweeps out old versions.
  const rendered = new BoundedCache<string, ReturnType<SsrModule['prerender']>>({
    ttlMs: RENDERED_PAGE_TTL_MS,
    maxEntries: 32,
  });
  catalogChanges?.subscribe(() => rendered.clear());
  app.metrics?.registerCache('rendered-pages', rendered);

  async function getApi(apiPath: string) {
    const answer = await app.inject({ method: 'GET', url: `/api${apiPath}`, headers: { accept: 'application/json' } });
    const total = answer.headers['x-total-count'];
    return {
      status: answer.statusCode,
      body: answer.statusCode === 200 ? answer.json() : null,
      total: total === undefined ? null : Number(total),
    };
  }

  /** The rendered page for a guest's request, or null: drawn in the browser as before. */
  async function renderedPage(request: FastifyRequest) {
    if (!ssr || request.url.includes('?')) return null;
    if (!ssr.prerenderedPaths.includes(request.url)) return null;
    // A signed-in visitor (or one whose session the server may still know) is sent elsewhere by
    // the app or sees their own navbar: no guest page for them.
    if (readCredential(request) || request.cookies?.[app.cookiePolicy.name] !== undefined) return null;
    try {
      return await render(ssr, request.url);
    } catch (error) {
      request.log.warn({ err: error }, 'Server rendering failed; the page is drawn in the browser.');
      return null;
    }
  }

  const render = (module: SsrModule, pathname: string) =>
    sharedLoad(rendered, `${ratingsVersion()} ${pathname}`, () => module.prerender(pathname, getApi));

  // The first rendering also loads and compiles the rendering's modules (some 0.5 s): done once
  // the server listens, not in the first visitor's request.
  if (ssr)
    app.addHook('onListen', async () => {
      for (const pathname of ssr.prerenderedPaths)
        render(ssr, pathname).catch((error: unknown) =>
          app.log.warn({ err: error }, 'Server rendering failed; the page is drawn in the browser.'),
        );
    });

  /** Every client route gets index.html; the SPA decides what to show. */
  async function sendIndex(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    let head = headTags(await metaFor(request));
    let html = template;
    const page = await renderedPage(request);
    if (page) {
      // The largest image, asked for with the stylesheet instead of after the markup is parsed.
      if (page.lcpImage)
        head += `\n    <link rel="preload" as="image" href="${escapeHtml(page.lcpImage)}" fetchpriority="high">`;
      html = html
        .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${page.stateScript}`)
        // The page shows before any script runs: its scripts (hydration) come after the
        // stylesheet and the images on a slow line, not before them.
        .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
        .replace(/(<script async) fetchpriority="high"/g, '$1');
    }
    html = html.replace('<!--app-head-->', () => head);
    return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }
  // '/' is a directory to the static handler, which would refuse it.
  app.get('/', { schema: { hide: true } }, sendIndex);
  return sendIndex;
}
