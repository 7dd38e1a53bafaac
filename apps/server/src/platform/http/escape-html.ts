// Text placed in HTML (page heads, e-mails, stored descriptions): the five characters HTML gives a
// meaning, as entities, so text never becomes markup, in element content or a quoted attribute.
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
