// Text that arrives inside an imported archive (its ComicInfo.xml, its folder and file names) made
// fit to show and store: characters nobody can see or that reorder what follows are removed,
// whitespace collapsed, and the length bounded, cut at a word with '…' so a cut is seen as one.

/**
 * C0 and C1 controls other than whitespace, the bidirectional overrides and isolates (they can
 * make a name read backwards), byte order marks, the two non-characters, and lone surrogates
 * (PostgreSQL refuses them; a numeric character reference can spell one).
 */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- finding them is the point
  /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Every line break: CR LF, CR, next line (U+0085), line and paragraph separators. */
const LINE_BREAK = /\r\n?|[\u0085\u2028\u2029]/g;
/** A word may be cut where it cannot be helped, but not in its first half of the room. */
const WORD_CUT_FROM = 0.5;

/** One line of text: every run of whitespace (line breaks too) becomes one space; at most `maxLength` long. */
export function cleanLine(text: string, maxLength: number): string {
  const line = text.replace(LINE_BREAK, ' ').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
  return cutAtWord(line.normalize('NFC'), maxLength);
}

/**
 * Text of paragraphs: each line break starts a paragraph (taggers write one where a paragraph
 * or a line of a list ended, never to wrap), written as a blank line between paragraphs; other
 * whitespace collapsed; at most `maxLength` long.
 */
export function cleanParagraphs(text: string, maxLength: number): string {
  const paragraphs = text
    .replace(LINE_BREAK, '\n')
    .replace(INVISIBLE, '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
  return cutAtWord(paragraphs.join('\n\n').normalize('NFC'), maxLength);
}

/**
 * `text` when it fits in `maxLength` characters (UTF-16 units, never fewer than the database
 * counts), else its start cut after the last whole word that fits, with '…' in the room left.
 */
export function cutAtWord(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const room = maxLength - 1;
  let end = room;
  const lastSpace = text.slice(0, room + 1).search(/\s\S*$/);
  if (lastSpace >= room * WORD_CUT_FROM) end = lastSpace;
  // A character outside the Basic Multilingual Plane is two units: never keep half of one.
  else if (/[\ud800-\udbff]/.test(text[end - 1] ?? '')) end -= 1;
  return `${text
    .slice(0, end)
    .trimEnd()
    .replace(/[\s,;:]+$/, '')}…`;
}

/** The parts of a list written with `separator` ('Drama, Horror'), cleaned, without repeats (case aside), at most `maxItems`. */
export function cleanList(text: string, separator: string | RegExp, maxLength: number, maxItems: number): string[] {
  const items: string[] = [];
  const seen = new Set<string>();
  for (const part of text.split(separator)) {
    const item = cleanLine(part, maxLength);
    const key = item.toLocaleLowerCase('en');
    if (item === '' || seen.has(key)) continue;
    seen.add(key);
    items.push(item);
    if (items.length === maxItems) break;
  }
  return items;
}
