// What a comic's card says of its issues and their reviews (issue 24): the price range and the
// rating, as text. Pure, so the card's tests and its words agree.
import { RATING_MAX } from '@comics/shared/constants';
import { formatDollars } from '@comics/shared/money';

import { formatCount } from '@/lib/format';

/** '$1.99', or '$1.99 – $3.99' when its issues cost different amounts; null without issues. */
export function priceRangeText(min: number | null, max: number | null): string | null {
  if (min === null || max === null) return null;
  return min === max ? formatDollars(min) : `${formatDollars(min)} – ${formatDollars(max)}`;
}

/** What the stars say to a screen reader: 'Rated 4.2 out of 5 from 12 reviews'. */
export function ratingLabel(average: number, count: number): string {
  return `Rated ${average.toFixed(1)} out of ${RATING_MAX} from ${formatCount(count)} ${count === 1 ? 'review' : 'reviews'}`;
}
