// Serves the built SPA: hashed assets cached for a year, index.html for every client
// route (never cached, so a deploy is seen at once), and link-preview tags for comic pages.
// Their absolute addresses are on PUBLIC_URL (or the media host), never on the request's Host
// or X-Forwarded-Host: whoever sends a request must not choose the links a page hands out.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MediaAddresses } from '../../lib/media-addresses';
import type { CatalogService } from '../catalog/service';
import type { LinkPreviewImage, MediaService } from '../media/service';

const SHOP_TITLE = 'Comics Shop';
const SHOP_DESCRIPTION = 'Browse, search and buy digital comics.';
const comicPage = /^\/(?:user\/|admin\/)?cardDetail\/(\d{1,9})\/?$/;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
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

export async function registerWebApp(
  app: FastifyInstance,
  {
    webDist,
    catalog,
    media,
    addresses,
    publicUrl,
  }: {
    webDist: string;
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
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
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

  /** Every client route gets index.html; the SPA decides what to show. */
  async function sendIndex(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const html = template.replace('<!--app-head-->', headTags(await metaFor(request)));
    return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }
  // '/' is a directory to the static handler, which would refuse it.
  app.get('/', { schema: { hide: true } }, sendIndex);
  return sendIndex;
}
