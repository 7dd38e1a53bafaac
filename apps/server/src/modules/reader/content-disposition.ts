// A download's Content-Disposition: `attachment` with its file name, as plain ASCII in `filename`
// for every client and, when the name is not ASCII, exactly in UTF-8 in `filename*` (RFC 6266,
// RFC 5987), which every current browser prefers.

/** The name as printable ASCII: accents dropped (Astérix → Asterix), anything else, quotes, backslashes and slashes as '_'. */
function asciiName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\/]/g, '_');
}

/** RFC 5987's attr-char: what percent-encoding leaves, minus the few encodeURIComponent also leaves. */
const extValue = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

export function attachmentDisposition(fileName: string): string {
  // Control characters and path separators are nobody's file name.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const name = fileName.replace(/[\u0000-\u001f\u007f/\\]/g, '_');
  const ascii = asciiName(name);
  return ascii === name
    ? `attachment; filename="${ascii}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${extValue(name)}`;
}
