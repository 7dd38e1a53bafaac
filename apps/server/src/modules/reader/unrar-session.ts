// One RAR archive opened in node-unrar-js (the official unrar, compiled to WebAssembly), reduced
// to what rar-archive.ts needs: the archive's header and entries, and the entry at an index
// unpacked into a file. Unpacking walks the archive once, from entry to entry, as long as the
// entries asked for come later than the last one: reading an archive in its own order costs one
// pass, not one pass an entry. Every call is synchronous, as unrar is.
import { createExtractorFromFile, type ArcFile, type ArcHeader, type Extractor, type FileHeader } from 'node-unrar-js';

/**
 * What this relies on inside node-unrar-js 2.0.2 beyond its documented API (archive.test.ts reads
 * archives side by side and unpacks an entry split across volumes, so a change there shows):
 * - one WebAssembly module serves every extractor and calls back the extractor in
 *   `unrar.extractor`, which only createExtractorFromFile sets: every call below names its own
 *   first, so archives read side by side never read each other's files;
 * - unrar reaches files only through the extractor's open, create, read, write, tell, seek and
 *   closeFile: open is narrowed to the archive itself, and a handle this extractor did not give
 *   out is answered with a failure (ExtractorFile would throw through the WebAssembly);
 * - an extractor holds one open archive at a time, in `_archive`; an iteration left before its end
 *   keeps it open, and `closeArc` closes it (so a listing can stop at the entry limit, and a walk
 *   can wait between entries).
 */
interface ExtractorInternals {
  unrar: { extractor: unknown };
  _archive: unknown;
  closeArc(): void;
  open(filename: string): number;
  create(filename: string): number;
  read(handle: number, buffer: number, size: number): number;
  write(handle: number, buffer: number, size: number): boolean;
  tell(handle: number): number;
  seek(handle: number, offset: number, method: string): boolean;
  closeFile(handle: number): void;
}

/** What unrar's file functions get for a file it may not open: a handle no file has. */
const NO_FILE = 0;

export interface UnrarSession {
  /**
   * The archive's header, handed to `check` before any entry is read (it throws to refuse), then
   * its entries: at most `maxEntries` + 1, so a caller can tell there are too many.
   */
  list(maxEntries: number, check: (header: ArcHeader) => void): FileHeader[];
  /** Unpacks the entry at `index` (in the listing's order) into the folder's file `fileName`. */
  unpack(index: number, fileName: string): FileHeader;
  /** Whether unrar asked for a file other than the archive (a further volume) since the last call. */
  askedForAnotherFile(): boolean;
  close(): void;
}

/**
 * Opens the archive at `archivePath`, unpacking into `folder`. unrar throws UnrarError for what
 * it finds wrong; the caller makes refusals of them.
 */
export async function openUnrarSession(archivePath: string, folder: string): Promise<UnrarSession> {
  let unpackInto = '';
  const extractor: Extractor = await createExtractorFromFile({
    filepath: archivePath,
    targetPath: folder,
    // Whatever the entry's name, it lands in the file asked for: no name of the archive's reaches the disk.
    filenameTransform: () => unpackInto,
  });
  const internals = extractor as unknown as ExtractorInternals;
  const confined = confineFiles(internals, archivePath);

  /** `work` with this session's extractor the one the module calls back. */
  function use<T>(work: () => T): T {
    internals.unrar.extractor = extractor;
    return work();
  }
  const closeArchive = () => {
    if (internals._archive) internals.closeArc();
  };

  /** The walk under way: an extraction that unpacks the entry at `wanted` when it passes it. */
  interface Walk {
    files: Generator<ArcFile>;
    /** Entries the walk has passed (unpacked or skipped). */
    passed: number;
  }
  let walk: Walk | null = null;
  let wanted = -1;
  const endWalk = () => {
    walk = null;
    closeArchive();
  };
  function startWalk(): Walk {
    let passed = 0;
    const { files } = extractor.extract({ files: () => passed++ === wanted });
    walk = {
      files,
      get passed() {
        return passed;
      },
    };
    return walk;
  }

  return {
    list: (maxEntries, check) =>
      use(() => {
        endWalk();
        try {
          const { arcHeader, fileHeaders } = extractor.getFileList();
          check(arcHeader);
          const entries: FileHeader[] = [];
          for (const header of fileHeaders) {
            entries.push(header);
            if (entries.length > maxEntries) break;
          }
          return entries;
        } finally {
          closeArchive();
        }
      }),

    unpack: (index, fileName) =>
      use(() => {
        // An entry the walk has passed: a new walk from the start.
        if (walk && walk.passed > index) endWalk();
        const current = walk ?? startWalk();
        wanted = index;
        unpackInto = fileName;
        try {
          const step = current.files.next();
          if (step.done) throw new Error(`the archive has no entry ${index}`);
          return step.value.fileHeader;
        } catch (error) {
          endWalk();
          throw error;
        }
      }),

    askedForAnotherFile: confined.askedForAnotherFile,

    close: () => use(endWalk),
  };
}

/**
 * Lets unrar open the archive and nothing else: not the next volume a split entry continues in,
 * nor the earlier file a RAR 5 file copy would copy (relative to the server's working folder).
 */
function confineFiles(internals: ExtractorInternals, archivePath: string) {
  const handles = new Set<number>();
  let askedForAnother = false;
  const given = (handle: number) => {
    handles.add(handle);
    return handle;
  };
  const open = internals.open.bind(internals);
  const create = internals.create.bind(internals);
  const read = internals.read.bind(internals);
  const write = internals.write.bind(internals);
  const tell = internals.tell.bind(internals);
  const seek = internals.seek.bind(internals);
  const closeFile = internals.closeFile.bind(internals);
  internals.open = (filename) => {
    if (filename === archivePath) return given(open(filename));
    askedForAnother = true;
    return NO_FILE;
  };
  internals.create = (filename) => given(create(filename));
  internals.read = (handle, buffer, size) => (handles.has(handle) ? read(handle, buffer, size) : -1);
  internals.write = (handle, buffer, size) => handles.has(handle) && write(handle, buffer, size);
  internals.tell = (handle) => (handles.has(handle) ? tell(handle) : -1);
  internals.seek = (handle, offset, method) => handles.has(handle) && seek(handle, offset, method);
  internals.closeFile = (handle) => {
    if (handles.delete(handle)) closeFile(handle);
  };
  return {
    askedForAnotherFile() {
      const asked = askedForAnother;
      askedForAnother = false;
      return asked;
    },
  };
}
