// Outside judges of the reading apps' documents: the OPDS 2.0 JSON schemas (copied unmodified from
// the project's shared folder into ./opds-schemas, whose README names their sources), and the parsers real clients use: r2-opds-js, Thorium's (OPDS 1 Atom,
// read as Thorium reads it: an xmldom DOM, mapped, then converted to OPDS 2; OPDS 2 JSON), and
// opds-feed-parser (OPDS 1.x Atom, xml2js).
import 'reflect-metadata';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import OPDSFeedParser, { OPDSFeed as ParsedAtomFeed } from 'opds-feed-parser';
import { convertOpds1ToOpds2 } from 'r2-opds-js/dist/es8-es2017/src/opds/converter';
import { initGlobalConverters_OPDS } from 'r2-opds-js/dist/es8-es2017/src/opds/init-globals';
import { OPDS } from 'r2-opds-js/dist/es8-es2017/src/opds/opds1/opds';
import { OPDSFeed } from 'r2-opds-js/dist/es8-es2017/src/opds/opds2/opds2';
import { TaJsonDeserialize } from 'r2-lcp-js/dist/es8-es2017/src/serializable';
import { initGlobalConverters_GENERIC } from 'r2-shared-js/dist/es8-es2017/src/init-globals';
import { XML } from 'r2-utils-js/dist/es8-es2017/src/_utils/xml-js-mapper';

initGlobalConverters_OPDS();
initGlobalConverters_GENERIC();

const SCHEMAS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'opds-schemas');

function schemaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return schemaFiles(file);
    return name.endsWith('.schema.json') ? [file] : [];
  });
}

let ajv: Ajv | undefined;

/** The validator of an OPDS schema by its $id's file name: 'feed', 'publication', 'authentication'. */
export function opdsSchema(name: 'feed' | 'publication' | 'authentication'): ValidateFunction {
  if (!ajv) {
    // strict: false, as the schemas' README says (they use keywords ajv's strict mode refuses).
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const file of schemaFiles(SCHEMAS_DIR)) ajv.addSchema(JSON.parse(readFileSync(file, 'utf8')));
  }
  const validate = ajv.getSchema(`https://drafts.opds.io/schema/${name}.schema.json`);
  if (!validate) throw new Error(`no OPDS schema ${name}`);
  return validate;
}

/** The schema's errors for `document`, readable in a failed expectation; [] when it is valid. */
export function schemaErrors(name: 'feed' | 'publication' | 'authentication', document: unknown): string[] {
  const validate = opdsSchema(name);
  return validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** An OPDS 1 Atom feed as Thorium reads it: r2-opds-js's OPDS 1 model, converted to its OPDS 2 one. */
export function readAtomAsThorium(xml: string) {
  const dom = new DOMParser().parseFromString(xml, 'application/xml');
  // xmldom's Document is the DOM's for the mapper, whatever TypeScript's lib says.
  const opds1 = XML.deserialize<OPDS>(dom as unknown as Document, OPDS);
  return { opds1, opds2: convertOpds1ToOpds2(opds1) };
}

/** An OPDS 2 feed as Thorium reads it. */
export function readOpds2AsThorium(json: unknown): OPDSFeed {
  return TaJsonDeserialize<OPDSFeed>(json, OPDSFeed);
}

/** An OPDS 1 Atom feed as opds-feed-parser reads it. */
export async function readAtomWithFeedParser(xml: string): Promise<ParsedAtomFeed> {
  const Parser = (OPDSFeedParser as unknown as { default?: typeof OPDSFeedParser }).default ?? OPDSFeedParser;
  const parsed = await new Parser().parse(xml);
  if (!(parsed instanceof ParsedAtomFeed)) throw new Error('opds-feed-parser read an entry, not a feed');
  return parsed;
}
