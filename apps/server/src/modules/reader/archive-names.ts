// Entry names of a comic archive, whatever its format: which could escape the folder they are
// unpacked into, which are files no comic is made of, and the order a reader reads them in.

/** Files operating systems and archivers drop beside the real ones. */
const JUNK_NAMES = new Set(['thumbs.db', 'desktop.ini']);

/** Why an entry's path could land outside the folder it is unpacked into (or is no path at all), or null. */
export function unsafeNameProblem(name: string): string | null {
  if (name.length === 0) return 'has no name';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'has control characters in its name';
  if (name.includes('\\')) return 'has a backslash in its name';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'has an absolute path';
  if (name.split('/').includes('..')) return "has a '..' in its path";
  return null;
}

/** Files no comic is made of: hidden files and folders, macOS resource forks, Windows thumbnails. */
export function isJunkName(name: string): boolean {
  const segments = name.split('/').filter(Boolean);
  const file = segments.at(-1) ?? '';
  return (
    segments.some((segment) => segment.startsWith('.') || segment === '__MACOSX') || JUNK_NAMES.has(file.toLowerCase())
  );
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Reading order of two entry paths: folder by folder, each name compared naturally ('p2' before
 * 'p10', case aside), so a folder's files stay together; names the collator finds equal keep a
 * fixed order.
 */
export function compareEntryPaths(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = collator.compare(left[i]!, right[i]!);
    if (order !== 0) return order;
  }
  if (left.length !== right.length) return left.length - right.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
