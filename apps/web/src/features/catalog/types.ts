// The catalogue as the API answers it (SPEC §3): comics are volumes, each with issues.

export type ComicSummary = {
  id: number;
  name: string;
  deck: string | null;
  start_year: number | null;
  /** A path such as /media/covers/volumes/773.svg. */
  image: string;
  publisher: string;
};

export type Comic = ComicSummary & {
  /** Sanitised HTML with links already made inert. */
  description: string | null;
};

export type Issue = {
  id: number;
  volume_id: number;
  issue_number: number;
  name: string | null;
  description: string | null;
  image: string;
  /** Dollars, e.g. 3.99. */
  price: number;
};

export type RatedIssue = Issue & { avgRating: number | null };

export const NAME_SORTS = ['name_asc', 'name_desc'] as const;
export type NameSort = (typeof NAME_SORTS)[number];

export type CatalogueQuery = {
  page: number;
  publisher: string | null;
  sort: NameSort | null;
  /** Search text; null browses the whole catalogue. */
  q: string | null;
};
