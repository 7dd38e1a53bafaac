// A summary written in HTML (taggers copy ComicVine's descriptions, markup and all) as the plain
// text the shop shows: a line break where a block (paragraph, list item, heading, <br>) ended,
// every other tag gone, scripts and styles with their content, entities decoded. Linear in its
// input whatever the markup, as a summary may be megabytes of someone else's text.
import { decodeEntities, withoutComments } from './xml-text';

/** Elements whose end is the end of a line of text. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tr',
  'ul',
]);
/** Elements whose content is no text at all. */
const HIDDEN = new Set(['script', 'style', 'template', 'noscript']);
/** A tag at a '<': `<p>`, `</p>`, `<br/>`, `<a href="…">`. A '<' not followed by one is text ('1 < 2'). */
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9]*)\b[^<>]*>/y;

/** Whether `text` holds at least one HTML tag, so should be read as HTML. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[A-Za-z][A-Za-z0-9]*\b[^<>]*>/.test(text);
}

/** The text of `html`, one line per block. */
export function htmlToText(html: string): string {
  const source = withoutComments(html);
  let text = '';
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf('<', at);
    if (open === -1) break;
    text += source.slice(at, open);
    TAG.lastIndex = open;
    const tag = TAG.exec(source);
    if (tag === null) {
      text += '<';
      at = open + 1;
      continue;
    }
    const [whole, closing, rawName] = tag;
    const name = rawName!.toLowerCase();
    at = open + whole.length;
    if (BLOCKS.has(name)) text += '\n';
    else if (name === 'td' || name === 'th') text += ' ';
    if (closing === '' && HIDDEN.has(name)) at = endOfHidden(source, name, at);
  }
  return decodeEntities(text + source.slice(at));
}

/** Where the text after a `<script>` (or style…) resumes: after its closing tag, or at the end. */
function endOfHidden(source: string, name: string, from: number): number {
  const closing = new RegExp(`</${name}\\s*>`, 'gi');
  closing.lastIndex = from;
  return closing.exec(source) === null ? source.length : closing.lastIndex;
}
