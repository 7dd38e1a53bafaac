// The archives an administrator drops (files, or whole folders) or picks: each with the path it
// has within what was dropped ('Image/Saga (2012)/Saga 001.cbz'), which the server reads series,
// numbers and publishers from when an archive carries no ComicInfo.xml. Anything else is skipped,
// by its name only (the server tells a format by its first bytes and refuses what it cannot read).

import { ARCHIVE_EXTENSIONS, hasArchiveName } from '@comics/shared/schemas/reader';

export const ARCHIVE_ACCEPT = ARCHIVE_EXTENSIONS.join(',');

export interface ArchiveFile {
  /** The path within what was dropped, '/' between folders. */
  name: string;
  file: File;
}

export interface CollectedArchives {
  archives: ArchiveFile[];
  /** Files that are not archives (covers, notes, system files). */
  skipped: number;
}

function sorted(archives: ArchiveFile[], skipped: number): CollectedArchives {
  archives.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  return { archives, skipped };
}

/** From a file input (with `webkitdirectory`, its files carry their path within the folder). */
export function archivesFromInput(files: Iterable<File>): CollectedArchives {
  const archives: ArchiveFile[] = [];
  let skipped = 0;
  for (const file of files) {
    const name = file.webkitRelativePath || file.name;
    if (hasArchiveName(name)) archives.push({ name, file });
    else skipped += 1;
  }
  return sorted(archives, skipped);
}

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** Every entry of a folder: a reader answers them a batch at a time, until an empty one. */
async function childrenOf(folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = folder.createReader();
  const children: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return children;
    children.push(...batch);
  }
}

/** From a drop: files and folders (walked to the bottom); a browser without entries gives files only. */
export async function archivesFromDrop(data: DataTransfer): Promise<CollectedArchives> {
  const entries = [...data.items].flatMap((item) => {
    const entry = item.kind === 'file' ? item.webkitGetAsEntry?.() : null;
    return entry ? [entry] : [];
  });
  if (entries.length === 0) return archivesFromInput(data.files);
  const archives: ArchiveFile[] = [];
  let skipped = 0;
  const walk = async (entry: FileSystemEntry): Promise<void> => {
    if (entry.isDirectory) {
      for (const child of await childrenOf(entry as FileSystemDirectoryEntry)) await walk(child);
      return;
    }
    const name = entry.fullPath.replace(/^\//, '');
    if (hasArchiveName(name)) archives.push({ name, file: await fileOf(entry as FileSystemFileEntry) });
    else skipped += 1;
  };
  for (const entry of entries) await walk(entry);
  return sorted(archives, skipped);
}

/**
 * Publishers the common layout names ('Publisher/Series (Year)/Series 001.cbz': the first of
 * three or more levels), to offer a price for each.
 */
export function publishersInPaths(archives: readonly ArchiveFile[]): string[] {
  const names = archives.flatMap(({ name }) => {
    const parts = name.split('/');
    return parts.length >= 3 ? [parts[parts.length - 3]!] : [];
  });
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}
