// The catalogue as the API answers it (docs/product.md §3): comics are volumes, each with issues. The
// shapes are the shared schemas' (one definition for server and client), imported as types
// only, so no schema code reaches the bundle.
import type { ComicDetail, ComicSort } from '@comics/shared/schemas/catalog';

export type { ComicSummary, Issue, RatedIssue } from '@comics/shared/schemas/catalog';
export type Comic = ComicDetail;
export type NameSort = ComicSort;

export type CatalogueQuery = {
  page: number;
  publisher: string | null;
  sort: NameSort | null;
  /** Search text; null browses the whole catalogue. */
  q: string | null;
};
