// The catalogue's request and answer shapes, shared by the API and the web client.
import { z } from 'zod';
import { COMIC_SORTS, CREDIT_ROLES } from '../constants';
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

/** One person in one role, as an imported archive credits them (issue 26). */
export const credit = z.object({ role: z.enum(CREDIT_ROLES), name: z.string() });
export type Credit = z.infer<typeof credit>;

/** A person in a role across a comic's issues: once, with how many issues they have that role in. */
export const volumeCredit = credit.extend({ issue_count: z.number().int() });
export type VolumeCredit = z.infer<typeof volumeCredit>;

// Issue 26 added credits and genres to the public detail answers. Optional, because the
// spec's own answers (and the admin's, which echo an edit) are the same shapes without them.
export const comicDetail = comic.extend({
  description: z.string().nullable(),
  /** By role in CREDIT_ROLES' order, then the most issues first, then by name; empty for a hand-made comic. */
  credits: z.array(volumeCredit).optional(),
  /** Every genre of its issues (one spelling per genre, whatever the case), A to Z. */
  genres: z.array(z.string()).optional(),
});
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
  // What an imported archive said of the issue (issue 26); a comic's issue lists carry them.
  /** By role in CREDIT_ROLES' order, then by name. */
  credits: z.array(credit).optional(),
  /** A to Z. */
  genres: z.array(z.string()).optional(),
  /** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD' (ISO 8601, as precise as the archive said); null when unknown. */
  cover_date: z.string().nullable().optional(),
  /** ISO 639 language code, e.g. 'en'; null when unknown. */
  language_iso: z.string().nullable().optional(),
  /** As ComicInfo.xml spells it, e.g. 'Teen'; null when unknown. */
  age_rating: z.string().nullable().optional(),
});
export type Issue = z.infer<typeof issue>;

export const ratedIssue = issue.extend({ avgRating: z.number().nullable() });
export type RatedIssue = z.infer<typeof ratedIssue>;
