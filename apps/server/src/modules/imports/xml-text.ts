// The text of an XML element as its raw inner markup says it: the ComicInfo.xml parser runs with
// entity processing off (no DOCTYPE may define an entity, so no billion laughs), which leaves
// character references and CDATA sections for this module to read, once, in one pass.

/** XML's five named references, and those HTML texts commonly hold (ComicVine's descriptions, pasted). */
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  ccedil: 'ç',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  szlig: 'ß',
};

/** `&name;`, `&#123;` or `&#x7b;`; bounded, so a stray '&' costs nothing. */
const REFERENCE = /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,8})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g;

/** A code point a reference may spell: not NUL, not a surrogate, not past Unicode's end. */
const isScalarValue = (codePoint: number) =>
  codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);

/**
 * References decoded: XML's five names, numeric ones (one to no character is dropped), and the
 * common names of HTML, which XML does not define but a tagger pasting HTML writes (`&nbsp;`).
 * An unknown name stays as written, as does a bare '&'.
 */
export function decodeEntities(text: string): string {
  return text.replace(REFERENCE, (reference, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return Object.hasOwn(NAMED, name) ? NAMED[name]! : reference;
    const codePoint = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
    return isScalarValue(codePoint) ? String.fromCodePoint(codePoint) : '';
  });
}

const CDATA_START = '<![CDATA[';
const CDATA_END = ']]>';

/**
 * The text `inner` (an element's raw content) stands for: CDATA sections as written, references
 * decoded everywhere else. Markup outside them (child elements, comments) is removed, unless
 * `keepMarkup`, for a summary whose HTML a tagger wrote unescaped.
 */
export function xmlElementText(inner: string, { keepMarkup = false } = {}): string {
  const outside = (part: string) => decodeEntities(keepMarkup ? part : removeMarkup(part));
  let text = '';
  let at = 0;
  while (at < inner.length) {
    const start = inner.indexOf(CDATA_START, at);
    if (start === -1) break;
    const end = inner.indexOf(CDATA_END, start + CDATA_START.length);
    text += outside(inner.slice(at, start)) + inner.slice(start + CDATA_START.length, end === -1 ? undefined : end);
    at = end === -1 ? inner.length : end + CDATA_END.length;
  }
  return text + outside(inner.slice(at));
}

/** Tags and comments out of raw XML content, in linear time (a '<' without its '>' stays text). */
function removeMarkup(xml: string): string {
  return withoutComments(xml).replace(/<[?/]?[A-Za-z_][^<>]*>/g, '');
}

/** `text` less its `<!-- … -->` comments; an unclosed one runs to the end. */
export function withoutComments(text: string): string {
  let kept = '';
  let at = 0;
  for (let start = text.indexOf('<!--'); start !== -1; start = text.indexOf('<!--', at)) {
    kept += text.slice(at, start);
    const end = text.indexOf('-->', start + 4);
    at = end === -1 ? text.length : end + 3;
  }
  return kept + text.slice(at);
}
