// Formatting at the edge: prices are dollars with 2 decimals (docs/product.md §9).
import { PRICE_DECIMALS } from '@comics/shared/constants';

export function formatPrice(dollars: number): string {
  return `$${dollars.toFixed(PRICE_DECIMALS)}`;
}

/** Plain text of a possibly-HTML string (paragraphs kept as line breaks), without running or
 * loading anything from it: DOMParser documents are inert. */
export function toPlainText(value: string): string {
  if (!/<[a-z!/]/i.test(value)) return value;
  const doc = new DOMParser().parseFromString(value, 'text/html');
  for (const block of doc.body.querySelectorAll('p, br, li, h1, h2, h3, h4, blockquote, div')) block.append('\n');
  return (doc.body.textContent ?? '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
