// What one archive's conversion leaves behind when its issue is not committed: nothing. The
// archive, the catalogue and the storage are stand-ins here (imports.test.ts runs the real ones);
// these are the paths a real run reaches only by a race or a failing database.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogImporting, IssueImport } from '../catalog/importing';
import { convertArchive, type ImportArchive, type ImportTools } from './converting';

let folder: string;
let location: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'comics-converting-'));
  location = path.join(folder, 'Stand-in 001.cbz');
  await writeFile(location, 'the archive’s bytes (only hashed here)');
});

afterAll(() => rm(folder, { recursive: true, force: true }));

/** Tools whose storage is a set of addresses, so a test sees what stays. */
function standInTools() {
  const kept = new Set<string>();
  const archive: ImportArchive = {
    pages: [{ name: 'page1.jpg' }, { name: 'page2.jpg' }],
    comicInfo: null,
    direction: 'ltr',
    readPage: async () => Buffer.from('a page'),
    close: () => {},
  };
  const tools: ImportTools = {
    openArchive: async () => archive,
    async storePages(_archive, at) {
      kept.add(`pages ${at.issueId}/${at.version}`);
      return { ...at, pageCount: 2, attach: async () => {}, committed: async () => {} };
    },
    async removePages(at) {
      kept.delete(`pages ${at.issueId}/${at.version}`);
    },
    async storeCover() {
      kept.add('/media/uploads/0123456789abcdef01234567/1200x1845.webp');
      return '/media/uploads/0123456789abcdef01234567/1200x1845.webp';
    },
    async removeCover(address) {
      kept.delete(address);
    },
  };
  return { tools, kept };
}

function catalogWhoseImport(importIssue: () => Promise<IssueImport>): CatalogImporting {
  return {
    reserveIssueId: async () => 41,
    findImported: async () => null,
    findExisting: async () => null,
    importIssue,
  };
}

const input = () => ({
  location,
  name: 'Stand-in/Stand-in 001.cbz',
  startedBy: null,
  priceCentsFor: () => 199,
  dryRun: false,
  leftover: null,
  importedByAnother: async () => null,
});

const progress = { hashed: async () => {}, pagesPlanned: async () => {}, pagesStored: async () => {} };

describe('an archive whose issue is not committed', () => {
  it('leaves neither pages nor cover when the catalogue fails to take it', async () => {
    const { tools, kept } = standInTools();
    const failing = catalogWhoseImport(async () => {
      throw new Error('the database went away');
    });
    await expect(convertArchive(input(), tools, failing, progress)).rejects.toThrow('the database went away');
    expect([...kept]).toEqual([]);
  });

  it('leaves neither when another worker imported the same archive meanwhile', async () => {
    const { tools, kept } = standInTools();
    const beaten = catalogWhoseImport(async () => ({ outcome: 'unchanged', volumeId: 3, issueId: 40 }));
    expect(await convertArchive(input(), tools, beaten, progress)).toEqual({
      status: 'done',
      outcome: 'unchanged',
      volumeId: 3,
      issueId: 40,
    });
    expect([...kept]).toEqual([]);
  });

  it('keeps both when it is committed', async () => {
    const { tools, kept } = standInTools();
    const taking = catalogWhoseImport(async () => ({ outcome: 'created', volumeId: 3, issueId: 41 }));
    expect(await convertArchive(input(), tools, taking, progress)).toMatchObject({
      status: 'done',
      outcome: 'created',
    });
    expect(kept.size).toBe(2);
  });
});
