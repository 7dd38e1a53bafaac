// The spec's wire shapes of the catalogue (snake_case names, prices in dollars), made from the
// service's domain objects here and nowhere else; only the routes use it. Fields are written in
// the order the answers have always had, so the bytes (and ETags) stay the same.
import { centsToDollars } from '@comics/shared/money';
import type { ComicDetail, ComicSummary, Issue, RatedIssue } from '@comics/shared/schemas/catalog';
import type { Comic, ComicIssue, ComicWithDescription, RatedComicIssue } from './service';

export function comicSummaryOf(comic: Comic): ComicSummary {
  return {
    id: comic.id,
    name: comic.name,
    deck: comic.deck,
    start_year: comic.startYear,
    image: comic.image,
    publisher: comic.publisher,
  };
}

export function comicDetailOf(comic: ComicWithDescription): ComicDetail {
  return { ...comicSummaryOf(comic), description: comic.description };
}

export function issueOf(issue: ComicIssue): Issue {
  return {
    id: issue.id,
    volume_id: issue.volumeId,
    issue_number: issue.issueNumber,
    name: issue.name,
    description: issue.description,
    image: issue.image,
    price: centsToDollars(issue.priceCents),
  };
}

export function ratedIssueOf(issue: RatedComicIssue): RatedIssue {
  return { ...issueOf(issue), avgRating: issue.avgRating };
}
