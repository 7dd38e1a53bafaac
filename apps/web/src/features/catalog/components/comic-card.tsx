// A comic in the catalogue grid: cover, name, start year and publisher, then what its issues
// cost ('$1.99' or '$1.99 – $3.99') and, once reviewed, their average in stars with how many
// reviews it is of; the whole card opens the comic's detail page.
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';

import { CoverImage } from '@/components/cover-image';
import { StarRating } from '@/components/star-rating';
import { comicDetailHref, type Area } from '@/config/paths';
import { formatCount } from '@/lib/format';

import { getComicQueryOptions } from '../api/get-comic';
import { getIssuesQueryOptions } from '../api/get-issues';
import type { ComicSummary } from '../types';
import { priceRangeText, ratingLabel } from '../utils/card-figures';

export function ComicCard({ comic, area, priority = false }: { comic: ComicSummary; area: Area; priority?: boolean }) {
  const queryClient = useQueryClient();
  // Pointing at a card starts loading its page, so the detail usually opens at once.
  const prefetch = () => {
    void queryClient.prefetchQuery(getComicQueryOptions(comic.id));
    void queryClient.prefetchQuery(getIssuesQueryOptions(comic.id));
  };
  const price = priceRangeText(comic.price_min, comic.price_max);
  const average = comic.rating_count > 0 ? comic.rating_average : null;

  return (
    <article className="comic-card card h-100 border-0" onPointerEnter={prefetch} onFocus={prefetch}>
      <CoverImage src={comic.image} alt="" priority={priority} className="comic-card-cover" />
      <div className="card-body px-1 pt-2 pb-0">
        <h3 className="comic-card-title h6 mb-1">
          <Link to={comicDetailHref(area, comic.id)} className="stretched-link text-reset text-decoration-none">
            {comic.name}
          </Link>
        </h3>
        <p className="small text-body-secondary mb-0 text-truncate">
          {comic.start_year ? <span>{comic.start_year}</span> : null}
          {comic.start_year && comic.publisher ? <span aria-hidden="true"> · </span> : null}
          <span>{comic.publisher}</span>
        </p>
        {price !== null || average !== null ? (
          <div className="comic-card-figures small d-flex flex-wrap align-items-center column-gap-2 mt-1">
            {price !== null ? <span className="fw-bold price text-nowrap">{price}</span> : null}
            {average !== null ? (
              <span className="d-inline-flex align-items-center gap-1 text-nowrap">
                <StarRating value={average} label={ratingLabel(average, comic.rating_count)} />
                <span aria-hidden="true" className="text-body-secondary">
                  {average.toFixed(1)} ({formatCount(comic.rating_count)})
                </span>
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
