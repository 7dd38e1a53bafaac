// Descriptions come from uploads and imported data: keep their formatting, drop anything
// that could run (scripts, event handlers, javascript: URLs, styles) and make links inert,
// as the spec disables links inside descriptions. Applied on write, so reads serve as is.
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'span',
  ],
  allowedAttributes: { span: ['class'] },
  allowedClasses: { span: ['inert-link'] },
  // A link keeps its text but loses its target: there is nothing to click through to.
  transformTags: { a: () => ({ tagName: 'span', attribs: { class: 'inert-link' } }) },
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
};

export function sanitizeDescription(html: string | null | undefined): string | null {
  if (html == null) return null;
  const clean = sanitizeHtml(html, options).trim();
  return clean === '' ? null : clean;
}
