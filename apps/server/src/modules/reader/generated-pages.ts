// Generated demo pages: an issue nobody has uploaded pages for reads a deterministic comic made
// from its id and title, so the demo catalogue is readable offline with no binary assets. Pure
// (no sharp): the plan of the pages (how many, their sizes, stored widths, placeholders and the
// version naming their addresses) and the SVG of each page; page-drawings.ts draws them as WebP.
import { createHash } from 'node:crypto';
import { createRng, type Rng } from '../../platform/random';
import {
  escapeXml,
  fnv1a,
  pickPalette,
  renderMotif,
  renderTitle,
  textWidthEm,
  truncate,
  type Palette,
} from '../media/cover-art';
import { renditionWidths } from './page-renditions';
import type { StoredPage } from './repository';

/** Bumped whenever the drawing changes: every generated page then has a new version, hence new addresses. */
export const GENERATOR_VERSION = 1;
export const PAGE_WIDTH = 1280;
export const PAGE_HEIGHT = 1920;
/** A double-page spread: art across the fold, shown alone by the reader. */
export const SPREAD_WIDTH = 2 * PAGE_WIDTH;
const MIN_PAGES = 16;
const MAX_PAGES = 24;
/** The first page is drawn in the covers' 400×600 space, scaled up to the page. */
const COVER_SCALE = PAGE_WIDTH / 400;
/** Placeholders are drawn this many times smaller than the page: a few hundred bytes of SVG. */
const PLACEHOLDER_SCALE = 40;

const MARGIN = 56;
const FOOTER = 120;
const GUTTER = 28;
const BORDER = 8;

export interface GeneratedIssue {
  id: number;
  issueNumber: number;
  name: string | null;
  volumeName: string;
}

export interface GeneratedPlan {
  /** 'g' and a hash of what the pages draw: a renamed issue gets new art at new addresses. */
  version: string;
  pageCount: number;
  pages: StoredPage[];
}

/** How many pages the issue has, and which one is the double-page spread (always in the middle). */
export function issueShape(issueId: number): { pageCount: number; spread: number } {
  const rng = createRng(fnv1a(`pages:${issueId}`));
  const pageCount = rng.int(MIN_PAGES, MAX_PAGES);
  return { pageCount, spread: rng.int(6, pageCount - 5) };
}

export function generatedVersion(issue: GeneratedIssue): string {
  const drawn = JSON.stringify([GENERATOR_VERSION, issue.id, issue.issueNumber, issue.name, issue.volumeName]);
  return 'g' + createHash('sha256').update(drawn).digest('hex').slice(0, 12);
}

export function generatedPlan(issue: GeneratedIssue): GeneratedPlan {
  const { pageCount } = issueShape(issue.id);
  const palette = issuePalette(issue.id);
  const pages = Array.from({ length: pageCount }, (_, index) => {
    const layout = pageLayout(issue.id, index + 1);
    return {
      number: layout.number,
      width: layout.width,
      height: layout.height,
      widths: renditionWidths(layout.width, layout.height),
      placeholder: placeholderOf(layout, palette),
    };
  });
  return { version: generatedVersion(issue), pageCount, pages };
}

type Scene = 'speed-lines' | 'halftone' | 'skyline' | 'figure' | 'burst';
const SCENES: readonly Scene[] = ['speed-lines', 'halftone', 'skyline', 'figure', 'burst'];
/** Scenes that fill a panel as wide as two pages. */
const PANORAMAS: readonly Scene[] = ['speed-lines', 'skyline', 'burst'];

export interface Panel {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Which palette colour grounds the panel. */
  fill: 'tint' | 'accent' | 'top' | 'paper';
  scene: Scene;
  talk: 'balloon' | 'caption' | null;
}

export interface PageLayout {
  number: number;
  width: number;
  height: number;
  /** The first page is a title page; the others are panels. */
  title: boolean;
  panels: Panel[];
}

/** The page's shape and panels, from the issue id and the page number alone. */
export function pageLayout(issueId: number, number: number): PageLayout {
  const { spread } = issueShape(issueId);
  const width = number === spread ? SPREAD_WIDTH : PAGE_WIDTH;
  const base = { number, width, height: PAGE_HEIGHT };
  if (number === 1) return { ...base, title: true, panels: [] };
  const rng = createRng(fnv1a(`page:${issueId}:${number}`));
  if (number !== spread) return { ...base, title: false, panels: panelsOf(pageRows(rng), width, rng) };
  // A spread: a panorama across the fold, taking most of the height, over a row of panels.
  const [panorama, ...below] = panelsOf([1, rng.int(2, 3)], width, rng, 1.6);
  return { ...base, title: false, panels: [{ ...panorama!, scene: rng.pick(PANORAMAS) }, ...below] };
}

/** Panels per row, 3 to 6 in all. */
function pageRows(rng: Rng): number[] {
  const rows = Array.from({ length: rng.pick([2, 3, 3, 4]) }, () => rng.int(1, 2));
  const total = () => rows.reduce((sum, count) => sum + count, 0);
  for (let i = 0; total() < 3; i++) rows[i % rows.length] = 2;
  for (let i = 0; total() > 6; i++) rows[i % rows.length] = 1;
  return rows;
}

/** Rows of `rows[i]` panels each, sharing the height unevenly unless the first row's weight is given. */
function panelsOf(rows: number[], width: number, rng: Rng, firstRowWeight?: number): Panel[] {
  const innerWidth = width - 2 * MARGIN;
  const innerHeight = PAGE_HEIGHT - MARGIN - FOOTER - GUTTER * (rows.length - 1);
  const weights = rows.map((_, i) => (i === 0 && firstRowWeight ? firstRowWeight : 0.7 + rng.next() * 0.6));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const panels: Panel[] = [];
  let y = MARGIN;
  rows.forEach((count, row) => {
    const h = Math.round((innerHeight * weights[row]!) / weightSum);
    const cuts = columnCuts(count, rng);
    let x = MARGIN;
    const columnsWidth = innerWidth - GUTTER * (count - 1);
    cuts.forEach((share, column) => {
      const w = column === count - 1 ? MARGIN + innerWidth - x : Math.round(columnsWidth * share);
      panels.push({
        x,
        y,
        w,
        h,
        fill: rng.pick(['tint', 'accent', 'top', 'paper'] as const),
        scene: rng.pick(SCENES),
        talk: rng.pick(['balloon', 'balloon', 'caption', null] as const),
      });
      x += w + GUTTER;
    });
    y += h + GUTTER;
  });
  return panels;
}

/** Each column's share of a row's width. */
function columnCuts(count: number, rng: Rng): number[] {
  const shares = Array.from({ length: count }, () => 0.7 + rng.next() * 0.6);
  const sum = shares.reduce((total, share) => total + share, 0);
  return shares.map((share) => share / sum);
}

function issuePalette(issueId: number): Palette {
  return pickPalette(createRng(fnv1a(`issue:${issueId}`)).next);
}

/** The page's ground and panel boxes in a few hundred bytes, shown blurred while the page loads. */
function placeholderOf(layout: PageLayout, palette: Palette): string {
  const s = (n: number) => Math.round(n / PLACEHOLDER_SCALE);
  const width = s(layout.width);
  const height = s(layout.height);
  const boxes = layout.title
    ? // The title page: its ground, and the title's ink band at the foot.
      `<rect width='${width}' height='${height}' fill='${palette.top}'/><rect y='${s(1450)}' width='${width}' height='${s(420)}' fill='${palette.bottom}'/>`
    : `<rect width='${width}' height='${height}' fill='${palette.paper}'/>` +
      layout.panels
        .map(
          (p) => `<rect x='${s(p.x)}' y='${s(p.y)}' width='${s(p.w)}' height='${s(p.h)}' fill='${palette[p.fill]}'/>`,
        )
        .join('');
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${width} ${height}'>${boxes}</svg>`;
  return 'data:image/svg+xml,' + svg.replace(/[<>#% ]/g, (c) => encodeURIComponent(c));
}

const BALLOON_LINES = [
  'LOOK OUT!',
  'NOT SO FAST!',
  'WHO GOES THERE?',
  'WE DID IT!',
  'HANG ON!',
  'WHAT WAS THAT?',
  'FOLLOW ME!',
  'TOO LATE!',
  'NOW!',
  'HMM…',
];
const CAPTIONS = ['MEANWHILE…', 'LATER…', 'ACROSS TOWN…', 'THAT NIGHT…', 'MOMENTS BEFORE…', 'ELSEWHERE…', 'AT DAWN…'];
const SOUND_EFFECTS = ['POW!', 'WHAM!', 'ZAP!', 'KRAK!', 'BOOM!', 'SKREE!'];

/** The page as an SVG `layout.width` units wide: the title page, or panels with their scenes and words. */
export function renderPageSvg(issue: GeneratedIssue, number: number): string {
  const layout = pageLayout(issue.id, number);
  const palette = issuePalette(issue.id);
  const title = `${issue.volumeName} #${issue.issueNumber}`;
  const body = layout.title ? titlePage(issue, title, palette) : panelsPage(issue, layout, palette, title);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" height="${layout.height}" font-family="system-ui, sans-serif">`,
    `<title>${escapeXml(`${title}${issue.name ? ` ${issue.name}` : ''}, page ${number}`)}</title>`,
    body,
    pageNumber(layout, palette),
    '</svg>',
  ].join('');
}

/** Like the issue's cover: its ground, a motif, halftone, the title, and the issue's name in a caption. */
function titlePage(issue: GeneratedIssue, title: string, p: Palette): string {
  const rand = createRng(fnv1a(`title:${issue.id}`)).next;
  const name = issue.name?.trim()
    ? `<rect x="24" y="40" width="352" height="44" fill="${p.paper}" stroke="${p.ink}" stroke-width="3"/>` +
      `<text x="200" y="69" text-anchor="middle" font-size="17" font-weight="700" fill="${p.ink}">${escapeXml(truncate(issue.name.trim().toUpperCase(), 32))}</text>`
    : '';
  return (
    `<defs><linearGradient id="ground" x2="0" y2="1"><stop offset="0" stop-color="${p.top}"/><stop offset="1" stop-color="${p.bottom}"/></linearGradient>` +
    halftone(48, 8, p.ink) +
    '</defs>' +
    `<g transform="scale(${COVER_SCALE})">` +
    `<rect width="400" height="600" fill="url(#ground)"/>` +
    renderMotif(rand, p) +
    // The halftone in the page's own units: librsvg draws a pattern under a transform far slower.
    `</g><rect y="${PAGE_HEIGHT / 2}" width="${PAGE_WIDTH}" height="${PAGE_HEIGHT / 2}" fill="url(#dots)" opacity=".22"/>` +
    `<g transform="scale(${COVER_SCALE})">` +
    name +
    renderTitle(title, p) +
    `<rect x="5" y="5" width="390" height="590" fill="none" stroke="${p.ink}" stroke-width="10"/>` +
    '</g>'
  );
}

function panelsPage(issue: GeneratedIssue, layout: PageLayout, p: Palette, title: string): string {
  const rng = createRng(fnv1a(`art:${issue.id}:${layout.number}`));
  const clips = layout.panels
    .map(
      (panel, i) =>
        `<clipPath id="c${i}"><rect x="${panel.x}" y="${panel.y}" width="${panel.w}" height="${panel.h}"/></clipPath>`,
    )
    .join('');
  const panels = layout.panels
    .map(
      (panel, i) =>
        `<g clip-path="url(#c${i})"><rect x="${panel.x}" y="${panel.y}" width="${panel.w}" height="${panel.h}" fill="${p[panel.fill]}"/>${scene(panel, p, rng)}</g>` +
        `<rect x="${panel.x}" y="${panel.y}" width="${panel.w}" height="${panel.h}" fill="none" stroke="${p.ink}" stroke-width="${BORDER}"/>` +
        talk(panel, p, rng),
    )
    .join('');
  const caption = `<text x="${layout.width / 2}" y="${layout.height - 48}" text-anchor="middle" font-size="28" font-weight="700" fill="${p.ink}" opacity=".7">${escapeXml(truncate(title.toUpperCase(), 48))}</text>`;
  return (
    `<defs>${halftone(24, 4, p.ink)}${clips}</defs>` +
    `<rect width="${layout.width}" height="${layout.height}" fill="${p.paper}"/>${panels}${caption}`
  );
}

/**
 * Printed-comic dots on a diagonal grid, as the `dots` pattern: two dots per square tile rather
 * than a rotated pattern, and a tile of a multiple of 8 units, so that it is a whole number of
 * pixels at every stored width. librsvg draws any other pattern many times slower.
 */
function halftone(tile: number, radius: number, ink: string): string {
  const dot = (at: number) => `<circle cx="${at}" cy="${at}" r="${radius}" fill="${ink}"/>`;
  return `<pattern id="dots" width="${tile}" height="${tile}" patternUnits="userSpaceOnUse">${dot(tile / 4)}${dot((3 * tile) / 4)}</pattern>`;
}

/** In the outer corner: bottom right on odd pages, bottom left on even ones. */
function pageNumber(layout: PageLayout, p: Palette): string {
  const odd = layout.number % 2 === 1;
  const x = odd ? layout.width - MARGIN : MARGIN;
  const fill = layout.title ? p.paper : p.ink;
  return `<text x="${x}" y="${layout.height - 44}" text-anchor="${odd ? 'end' : 'start'}" font-size="36" font-weight="900" fill="${fill}">${layout.number}</text>`;
}

const r = Math.round;

function scene(panel: Panel, p: Palette, rng: Rng): string {
  const { x, y, w, h } = panel;
  const cx = r(x + w * (0.3 + rng.next() * 0.4));
  const cy = r(y + h * (0.35 + rng.next() * 0.3));
  switch (panel.scene) {
    case 'speed-lines': {
      // Thin wedges from a point of focus, the way comics draw speed and impact.
      const reach = w + h;
      const rays = rng.int(28, 44);
      let d = '';
      for (let i = 0; i < rays; i++) {
        const a = (i / rays) * Math.PI * 2 + rng.next() * 0.05;
        const spread = 0.02 + rng.next() * 0.03;
        d += `M${cx} ${cy}L${r(cx + Math.cos(a) * reach)} ${r(cy + Math.sin(a) * reach)}L${r(cx + Math.cos(a + spread) * reach)} ${r(cy + Math.sin(a + spread) * reach)}Z`;
      }
      return `<path d="${d}" fill="${p.ink}" opacity=".55"/><circle cx="${cx}" cy="${cy}" r="${r(Math.min(w, h) * 0.12)}" fill="${p.paper}"/>`;
    }
    case 'halftone':
      return (
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#dots)" opacity=".3"/>` +
        `<circle cx="${cx}" cy="${cy}" r="${r(Math.min(w, h) * (0.2 + rng.next() * 0.15))}" fill="${panel.fill === 'accent' ? p.tint : p.accent}" stroke="${p.ink}" stroke-width="6"/>`
      );
    case 'skyline': {
      const ground = y + h;
      let buildings = '';
      for (let bx = x - 10; bx < x + w;) {
        const bw = rng.int(60, 140);
        const bh = r(h * (0.25 + rng.next() * 0.45));
        buildings += `<rect x="${bx}" y="${ground - bh}" width="${bw}" height="${bh}" fill="${p.ink}"/>`;
        for (let wy = ground - bh + 20; wy < ground - 30; wy += 44) {
          if (rng.chance(0.5))
            buildings += `<rect x="${bx + 16}" y="${wy}" width="18" height="22" fill="${p.paper}" opacity=".8"/>`;
        }
        bx += bw + rng.int(0, 12);
      }
      return `<circle cx="${cx}" cy="${r(y + h * 0.3)}" r="${r(Math.min(w, h) * 0.12)}" fill="${p.paper}"/>${buildings}`;
    }
    case 'figure': {
      // A hero's silhouette mid-leap, with motion lines behind.
      const size = Math.min(w, h) * 0.4;
      const s = (n: number) => r(n * size);
      let lines = '';
      for (let i = 0; i < 5; i++) {
        const ly = cy - s(0.5) + i * s(0.25);
        lines += `<path d="M${cx - s(1.6)} ${ly}h${s(0.9)}" stroke="${p.ink}" stroke-width="6" stroke-linecap="round" opacity=".6"/>`;
      }
      // Facing left or right.
      const facing = rng.chance(0.5) ? '' : ` transform="translate(${2 * cx} 0) scale(-1 1)"`;
      return (
        `<g${facing}>` +
        lines +
        `<circle cx="${cx}" cy="${cy - s(0.75)}" r="${s(0.22)}" fill="${p.ink}"/>` +
        `<path d="M${cx - s(0.3)} ${cy - s(0.5)}L${cx + s(0.35)} ${cy - s(0.5)}L${cx + s(0.9)} ${cy - s(0.95)}L${cx + s(0.5)} ${cy - s(0.25)}L${cx + s(0.25)} ${cy + s(0.3)}L${cx + s(0.7)} ${cy + s(0.95)}L${cx + s(0.2)} ${cy + s(0.8)}L${cx - s(0.05)} ${cy + s(0.4)}L${cx - s(0.5)} ${cy + s(0.9)}L${cx - s(0.8)} ${cy + s(0.7)}L${cx - s(0.3)} ${cy + s(0.2)}L${cx - s(0.7)} ${cy - s(0.2)}Z" fill="${p.ink}" stroke-linejoin="round"/>` +
        '</g>'
      );
    }
    case 'burst': {
      // An explosion star with a sound effect in it.
      const points = rng.int(10, 16);
      const outer = Math.min(w, h) * 0.42;
      const inner = outer * 0.6;
      const star = Array.from({ length: points * 2 }, (_, i) => {
        const a = (i / (points * 2)) * Math.PI * 2;
        const radius = i % 2 === 0 ? outer * (0.85 + rng.next() * 0.15) : inner;
        return `${r(cx + Math.cos(a) * radius)},${r(cy + Math.sin(a) * radius)}`;
      }).join(' ');
      const effect = rng.pick(SOUND_EFFECTS);
      const size = r(Math.min((inner * 1.6) / textWidthEm(effect), inner * 0.8));
      return (
        `<polygon points="${star}" fill="${p.accent}" stroke="${p.ink}" stroke-width="8" stroke-linejoin="round"/>` +
        `<text x="${cx}" y="${r(cy + size * 0.36)}" text-anchor="middle" font-size="${size}" font-weight="900" fill="${p.titleFill}" stroke="${p.ink}" stroke-width="${r(size / 10)}" paint-order="stroke">${escapeXml(effect)}</text>`
      );
    }
  }
}

/** A speech balloon with its tail towards the panel's middle, or a caption box in its top corner. */
function talk(panel: Panel, p: Palette, rng: Rng): string {
  if (panel.talk === null) return '';
  const inset = 28;
  if (panel.talk === 'caption') {
    const text = rng.pick(CAPTIONS);
    const size = Math.min(30, r((panel.w * 0.8) / textWidthEm(text)));
    const width = r(textWidthEm(text) * size + 32);
    const x = panel.x + inset;
    const y = panel.y + inset;
    return (
      `<rect x="${x}" y="${y}" width="${width}" height="${r(size * 1.8)}" fill="#ffe680" stroke="${p.ink}" stroke-width="4"/>` +
      `<text x="${x + 16}" y="${r(y + size * 1.25)}" font-size="${size}" font-weight="700" fill="${p.ink}">${escapeXml(text)}</text>`
    );
  }
  const text = rng.pick(BALLOON_LINES);
  const size = Math.min(40, r((panel.w * 0.6) / textWidthEm(text)));
  const rx = r((textWidthEm(text) * size) / 2 + size);
  const ry = r(size * 1.1);
  const left = rng.chance(0.5);
  const cx = left ? panel.x + inset + rx : panel.x + panel.w - inset - rx;
  const cy = panel.y + inset + ry;
  const tailX = cx + (left ? rx * 0.3 : -rx * 0.3);
  return (
    `<path d="M${r(tailX - 18)} ${cy + ry - 6}L${r(tailX + (left ? 40 : -40))} ${cy + ry + 60}L${r(tailX + 18)} ${cy + ry - 6}Z" fill="${p.paper}" stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${p.paper}" stroke="${p.ink}" stroke-width="5"/>` +
    // Covers the tail's join, so the balloon reads as one shape.
    `<path d="M${r(tailX - 14)} ${cy + ry - 8}h28" stroke="${p.paper}" stroke-width="8"/>` +
    `<text x="${cx}" y="${r(cy + size * 0.36)}" text-anchor="middle" font-size="${size}" font-weight="900" fill="${p.ink}">${escapeXml(text)}</text>`
  );
}
