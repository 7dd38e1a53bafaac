// The catalogue's request and answer shapes, shared by the API and the web client.
import { z } from 'zod';
import { COMIC_SORTS } from '../constants';
import { MAX_INT } from './wire-numbers';

export const MAX_PAGE_SIZE = 100;

/** Digits only: '1e3', '0x10' or ' 7' are not ids, though Number() would take them. */
function wholeNumber(min: number, max: number) {
  const message = `Must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d{1,10}$/, { error: message })
    .transform(Number)
    .pipe(z.number().min(min, { error: message }).max(max, { error: message }));
}

export const idParam = wholeNumber(1, MAX_INT);

export type { ComicSort } from '../constants';

const pagingFields = {
  page: wholeNumber(1, 1_000_000).optional(),
  limit: wholeNumber(1, MAX_PAGE_SIZE).optional(),
  publisher: z.string().trim().min(1).max(200).optional(),
  sort: z.enum(COMIC_SORTS, { error: 'Must be name_asc, name_desc, newest or top_rated' }).optional(),
};

export const comicListQuery = z.object(pagingFields);
export type ComicListQuery = z.infer<typeof comicListQuery>;

export const comicSearchQuery = z.object({
  name: z
    .string({ error: 'Required' })
    .trim()
    .min(1, { error: 'Required' })
    .max(100, { error: 'At most 100 characters' }),
  ...pagingFields,
});
export type ComicSearchQuery = z.infer<typeof comicSearchQuery>;

/** A comic (volume) as the spec shows it. */
const comic = z.object({
  id: z.number().int(),
  name: z.string(),
  deck: z.string().nullable(),
  start_year: z.number().int().nullable(),
  image: z.string(),
  publisher: z.string(),
});

/** A comic in the catalogue's lists: with what its card shows of its issues and their reviews. */
export const comicSummary = comic.extend({
  /** Dollars: its cheapest and its dearest issue; null while it has no issue. */
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  /** The average stars of its issues' reviews, 2 decimals; null without reviews. */
  rating_average: z.number().nullable(),
  /** How many reviews that average is of. */
  rating_count: z.number().int(),
});
export type ComicSummary = z.infer<typeof comicSummary>;

export const comicDetail = comic.extend({ description: z.string().nullable() });
export type ComicDetail = z.infer<typeof comicDetail>;

export const issue = z.object({
  id: z.number().int(),
  volume_id: z.number().int(),
  issue_number: z.number().int(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string(),
  /** Dollars, e.g. 3.99. */
  price: z.number(),
});
export type Issue = z.infer<typeof issue>;

export const ratedIssue = issue.extend({ avgRating: z.number().nullable() });
export type RatedIssue = z.infer<typeof ratedIssue>;
