// The spec's wire shapes of the catalogue (snake_case names, prices in dollars), made from the
// service's domain objects here and nowhere else; only the routes use it. Fields are written in
// the order the answers have always had, so the bytes (and ETags) stay the same. Stored cover
// paths become the addresses clients fetch them from (see media-addresses.ts).
import { centsToDollars } from '@comics/shared/money';
import type { ComicDetail, ComicSummary, Issue, RatedIssue } from '@comics/shared/schemas/catalog';
import type { MediaAddresses } from '../../platform/http/media-addresses';
import type {
  Comic,
  ComicIssue,
  ComicWithCredits,
  ComicWithDescription,
  DetailedIssue,
  ListedComic,
  RatedComicIssue,
  RatedDetailedIssue,
} from './service';

function comicOf(comic: Comic, media: MediaAddresses) {
  return {
    id: comic.id,
    name: comic.name,
    deck: comic.deck,
    start_year: comic.startYear,
    image: media.addressOf(comic.image),
    publisher: comic.publisher,
  };
}

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

/** A card of the lists: the comic, then (added by issue 24) its price range and rating. */
export function comicSummaryOf(comic: ListedComic, media: MediaAddresses): ComicSummary {
  return {
    ...comicOf(comic, media),
    price_min: dollarsOrNull(comic.priceMinCents),
    price_max: dollarsOrNull(comic.priceMaxCents),
    rating_average: comic.ratingAverage,
    rating_count: comic.ratingCount,
  };
}

export function comicDetailOf(comic: ComicWithDescription, media: MediaAddresses): ComicDetail {
  return { ...comicOf(comic, media), description: comic.description };
}

// What imported archives said (issue 26) follows the fields the spec's client reads, and only
// when something is known: a hand-made comic's answers stay byte for byte what they were (and
// equal to the admin's echo of an edit, which never carries them).

/** A comic's page: the detail, then who made its issues and their genres. */
export function comicWithCreditsOf(comic: ComicWithCredits, media: MediaAddresses): ComicDetail {
  const detail = comicDetailOf(comic, media);
  if (comic.credits.length === 0 && comic.genres.length === 0) return detail;
  return {
    ...detail,
    credits: comic.credits.map(({ role, name, issueCount }) => ({ role, name, issue_count: issueCount })),
    genres: comic.genres,
  };
}

/** All five once any is known (the unknown ones empty or null); none for a hand-made issue. */
function issueFactsOf(issue: DetailedIssue) {
  const known =
    issue.credits.length > 0 ||
    issue.genres.length > 0 ||
    issue.coverDate !== null ||
    issue.languageIso !== null ||
    issue.ageRating !== null;
  if (!known) return {};
  return {
    credits: issue.credits,
    genres: issue.genres,
    cover_date: issue.coverDate,
    language_iso: issue.languageIso,
    age_rating: issue.ageRating,
  };
}

export function issueOf(issue: ComicIssue, media: MediaAddresses): Issue {
  return {
    id: issue.id,
    volume_id: issue.volumeId,
    issue_number: issue.issueNumber,
    name: issue.name,
    description: issue.description,
    image: media.addressOf(issue.image),
    price: centsToDollars(issue.priceCents),
  };
}

export function ratedIssueOf(issue: RatedComicIssue, media: MediaAddresses): RatedIssue {
  return { ...issueOf(issue, media), avgRating: issue.avgRating };
}

/** An issue of its comic's issue list, with its credits and genres. */
export function detailedIssueOf(issue: DetailedIssue, media: MediaAddresses): Issue {
  return { ...issueOf(issue, media), ...issueFactsOf(issue) };
}

/** A rated issue of its comic's issue list, with its credits and genres after the rating. */
export function ratedDetailedIssueOf(issue: RatedDetailedIssue, media: MediaAddresses): RatedIssue {
  return { ...ratedIssueOf(issue, media), ...issueFactsOf(issue) };
}
