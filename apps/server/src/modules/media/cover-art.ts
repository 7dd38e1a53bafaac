// Generated cover art: a small comic-cover-like SVG for volumes and issues that have no
// uploaded image, so the demo catalogue needs no remote or binary images at all.
import { createRng } from '../../platform/random';

export interface CoverArtInput {
  id: number | string;
  title: string;
  /** Short badge text, e.g. '#12'. */
  subtitle?: string | null;
  publisher?: string | null;
}

export const volumeCoverPath = (id: number): string => '/media/covers/volumes/' + id + '.svg';
export const issueCoverPath = (id: number): string => '/media/covers/issues/' + id + '.svg';
/** A volume's cover drawn as a JPEG, for link previews (social networks take no SVG). */
export const volumeCoverJpegPath = (id: number): string => '/media/covers/volumes/' + id + '.jpg';

/**
 * A cover drawn as a small JPEG, for reading apps' lists (they draw no SVG): some 15 times less
 * work than the link previews' 1,200 px, so a list of 50 covers is drawn in seconds.
 */
export const coverThumbnailPath = (kind: 'issues' | 'volumes', id: number): string =>
  `/media/covers/${kind}/thumbnails/${id}.jpg`;

const WIDTH = 400;
const HEIGHT = 600;
/** Size of a cover's JPEG: wide enough for the large link-preview cards (1200 px). */
export const COVER_SVG_WIDTH = WIDTH;
export const COVER_RASTER_WIDTH = 1200;
export const COVER_RASTER_HEIGHT = (COVER_RASTER_WIDTH * HEIGHT) / WIDTH;
export const COVER_THUMBNAIL_WIDTH = 300;
const TITLE_MAX_LINES = 4;
const TITLE_MAX_WIDTH = 350;
const TITLE_MAX_HEIGHT = 220;
const TITLE_BOTTOM = 560;
/** Longer titles (uploads can be anything) are cut so the type stays readable. */
const TITLE_MAX_CHARS = 60;

export function renderCoverSvg({ id, title, subtitle, publisher }: CoverArtInput): string {
  const rand = createRng(fnv1a(String(id))).next;
  const palette = pickPalette(rand);
  // Element ids unique per cover, so two covers inlined in one page never share a gradient.
  const uid = fnv1a('cover:' + String(id)).toString(36);
  const label = [title, subtitle].filter(Boolean).join(' ');
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" font-family="system-ui, sans-serif" role="img">`,
    `<title>${escapeXml(label)}</title>`,
    `<defs><linearGradient id="g${uid}" x2="0" y2="1"><stop offset="0" stop-color="${palette.top}"/><stop offset="1" stop-color="${palette.bottom}"/></linearGradient>`,
    `<pattern id="h${uid}" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><circle cx="6" cy="6" r="2.6" fill="${palette.ink}"/></pattern></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g${uid})"/>`,
    renderMotif(rand, palette),
    // Halftone over the lower part: the printed-comic texture, and a calmer ground for the title.
    `<rect y="300" width="${WIDTH}" height="300" fill="url(#h${uid})" opacity=".22"/>`,
    renderMasthead(publisher, palette),
    subtitle ? renderBadge(subtitle, palette) : '',
    renderTitle(title, palette),
    `<rect x="5" y="5" width="390" height="590" fill="none" stroke="${palette.ink}" stroke-width="10"/>`,
    '</svg>',
  ];
  return parts.join('');
}

export interface Palette {
  top: string;
  bottom: string;
  accent: string;
  /** A lighter shade of the ground: large repeated shapes in it stay calm and keep their colour. */
  tint: string;
  ink: string;
  paper: string;
  titleFill: string;
}

/** A cover's colours from a seeded random source (generated reader pages use them too). */
export function pickPalette(rand: () => number): Palette {
  const hue = Math.floor(rand() * 360);
  // Complementary or split-complementary accents read as "comic" against a saturated ground.
  const accentHue = (hue + 150 + Math.floor(rand() * 60)) % 360;
  const paper = '#fff7e0';
  return {
    top: hsl(hue, 72, 55),
    bottom: hsl((hue + 25) % 360, 70, 30),
    accent: hsl(accentHue, 90, 62),
    tint: hsl((hue + 15) % 360, 90, 72),
    ink: hsl(hue, 45, 10),
    paper,
    titleFill: rand() < 0.5 ? paper : hsl(48, 100, 60),
  };
}

/** The cover's background motif, drawn in its 400×600 space. */
export function renderMotif(rand: () => number, p: Palette): string {
  const motifs = [sunburst, stripes, rings, panels, bolt];
  const motif = motifs[Math.floor(rand() * motifs.length)] ?? sunburst;
  return motif(rand, p);
}

function sunburst(rand: () => number, p: Palette): string {
  const cx = 80 + Math.floor(rand() * 240);
  const cy = 140 + Math.floor(rand() * 140);
  const rays = 10 + Math.floor(rand() * 8);
  const step = (Math.PI * 2) / rays;
  const offset = rand() * step;
  const reach = 800;
  let d = '';
  for (let i = 0; i < rays; i++) {
    const a = offset + i * step;
    const b = a + step / 2;
    d += `M${cx} ${cy}L${round(cx + Math.cos(a) * reach)} ${round(cy + Math.sin(a) * reach)}L${round(cx + Math.cos(b) * reach)} ${round(cy + Math.sin(b) * reach)}Z`;
  }
  return `<path d="${d}" fill="${p.tint}" opacity=".5"/><circle cx="${cx}" cy="${cy}" r="${40 + Math.floor(rand() * 40)}" fill="${p.accent}" opacity=".8"/>`;
}

function stripes(rand: () => number, p: Palette): string {
  const angle = -35 + Math.floor(rand() * 70);
  const width = 24 + Math.floor(rand() * 30);
  let d = '';
  for (let x = -600; x < 1000; x += width * 2) d += `M${x} -300h${width}v1200h-${width}Z`;
  return `<path d="${d}" fill="${p.tint}" opacity=".45" transform="rotate(${angle} 200 300)"/>`;
}

function rings(rand: () => number, p: Palette): string {
  const cx = 60 + Math.floor(rand() * 280);
  const cy = 120 + Math.floor(rand() * 200);
  const gap = 28 + Math.floor(rand() * 20);
  let out = '';
  for (let r = gap; r < 520; r += gap * 2) {
    out += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${p.tint}" stroke-width="${gap}" opacity=".45"/>`;
  }
  return out;
}

function panels(rand: () => number, p: Palette): string {
  // A page of panels seen through the cover: two rows with a random split each.
  const split1 = 120 + Math.floor(rand() * 160);
  const split2 = 120 + Math.floor(rand() * 160);
  const boxes = [
    [24, 76, split1 - 32, 150],
    [split1 + 8, 76, 376 - split1 - 8, 150],
    [24, 242, split2 - 32, 120],
    [split2 + 8, 242, 376 - split2 - 8, 120],
  ];
  return boxes
    .map(
      ([x, y, w, h], i) =>
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${i % 3 === 0 ? p.accent : p.tint}" opacity="${i % 2 === 0 ? '.6' : '.4'}" stroke="${p.ink}" stroke-width="4"/>`,
    )
    .join('');
}

function bolt(rand: () => number, p: Palette): string {
  const x = 120 + Math.floor(rand() * 160);
  const points = `${x + 40},60 ${x - 70},300 ${x},290 ${x - 50},520 ${x + 90},240 ${x + 20},250 ${x + 80},60`;
  return `<polygon points="${points}" fill="${p.accent}" stroke="${p.ink}" stroke-width="6" stroke-linejoin="round" opacity=".85"/>`;
}

function renderMasthead(publisher: string | null | undefined, p: Palette): string {
  const band = `<rect width="${WIDTH}" height="58" fill="${p.ink}"/>`;
  if (!publisher) return band;
  const text = truncate(publisher.toUpperCase(), 30);
  return `${band}<text x="24" y="38" font-size="18" font-weight="700" letter-spacing="2" fill="${p.paper}">${escapeXml(text)}</text>`;
}

function renderBadge(subtitle: string, p: Palette): string {
  const text = truncate(subtitle, 6);
  const size = text.length <= 3 ? 30 : text.length <= 4 ? 24 : 19;
  return (
    `<circle cx="334" cy="112" r="40" fill="${p.paper}" stroke="${p.ink}" stroke-width="6"/>` +
    `<text x="334" y="${112 + Math.round(size * 0.36)}" text-anchor="middle" font-size="${size}" font-weight="900" fill="${p.ink}">${escapeXml(text)}</text>`
  );
}

/** The big title at the foot of a 400×600 cover. */
export function renderTitle(title: string, p: Palette): string {
  const { lines, fontSize } = layoutTitle(truncate(title.trim().toUpperCase(), TITLE_MAX_CHARS));
  const lineHeight = Math.round(fontSize * 1.02);
  const firstBaseline = TITLE_BOTTOM - lineHeight * (lines.length - 1);
  const tspans = lines
    .map((line, i) => `<tspan x="200" y="${firstBaseline + i * lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');
  const stroke = Math.max(4, Math.round(fontSize / 7));
  return `<text text-anchor="middle" font-size="${fontSize}" font-weight="900" fill="${p.titleFill}" stroke="${p.ink}" stroke-width="${stroke}" stroke-linejoin="round" paint-order="stroke">${tspans}</text>`;
}

/** Chooses the line breaks that allow the largest type, within the line and height limits. */
export function layoutTitle(title: string): { lines: string[]; fontSize: number } {
  const text = title || ' ';
  let best = { lines: [text], fontSize: 0 };
  for (let maxChars = 4; maxChars <= Math.max(4, text.length); maxChars++) {
    const lines = wrapWords(text, maxChars);
    if (lines.length > TITLE_MAX_LINES) continue;
    const widest = Math.max(...lines.map(textWidthEm));
    const fontSize = Math.floor(Math.min(84, TITLE_MAX_WIDTH / widest, TITLE_MAX_HEIGHT / (lines.length * 1.02)));
    if (fontSize > best.fontSize) best = { lines, fontSize };
  }
  return best;
}

/**
 * Estimated advance width in em of bold upper-case text. The font is whatever the viewer has
 * (DejaVu Sans Bold on Linux is among the widest), so the estimate errs wide.
 */
export function textWidthEm(text: string): number {
  let width = 0;
  for (const c of text) width += /[ I1.,:;!'|]/.test(c) ? 0.4 : /[MW@]/.test(c) ? 1.05 : 0.8;
  return width;
}

function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && current.length + 1 + word.length > maxChars) {
      lines.push(current);
      current = word;
    } else {
      current = current ? current + ' ' + word : word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes markup and drops code points XML 1.0 forbids, which would make the file unreadable. */
export function escapeXml(text: string): string {
  return text
    .replace(
      // eslint-disable-next-line no-control-regex -- matching forbidden control characters is the point
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '',
    )
    .replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

/** At most `max` characters (code points), an ellipsis marking a cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : chars
        .slice(0, max - 1)
        .join('')
        .trimEnd() + '…';
}

/** Hex rather than hsl(): every SVG renderer (thumbnailers, older libraries) reads it. */
function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number): string => {
    const k = (n + h / 30) % 12;
    const v = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return '#' + channel(0) + channel(8) + channel(4);
}
const round = (n: number): number => Math.round(n);

/** A 32-bit hash of text: seeds for the drawings. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
