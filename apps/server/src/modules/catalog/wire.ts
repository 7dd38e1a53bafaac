// The spec's wire shapes of the catalogue (snake_case names, prices in dollars), made from the
// service's domain objects here and nowhere else; only the routes use it. Fields are written in
// the order the answers have always had, so the bytes (and ETags) stay the same. Stored cover
// paths become the addresses clients fetch them from (see media-addresses.ts).
import { centsToDollars } from '@comics/shared/money';
import type { ComicDetail, ComicSummary, Issue, RatedIssue } from '@comics/shared/schemas/catalog';
import type { MediaAddresses } from '../../platform/http/media-addresses';
import type { Comic, ComicIssue, ComicWithDescription, ListedComic, RatedComicIssue } from './service';

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
