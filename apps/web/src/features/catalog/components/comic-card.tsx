// A comic in the catalogue grid: cover, name, start year and publisher; the whole card opens
// the comic's detail page.
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';

import { CoverImage } from '@/components/cover-image';
import { comicDetailHref, type Area } from '@/config/paths';

import { getComicQueryOptions } from '../api/get-comic';
import { getIssuesQueryOptions } from '../api/get-issues';
import type { ComicSummary } from '../types';

export function ComicCard({ comic, area, priority = false }: { comic: ComicSummary; area: Area; priority?: boolean }) {
  const queryClient = useQueryClient();
  // Pointing at a card starts loading its page, so the detail usually opens at once.
  const prefetch = () => {
    void queryClient.prefetchQuery(getComicQueryOptions(comic.id));
    void queryClient.prefetchQuery(getIssuesQueryOptions(comic.id));
  };

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
      </div>
    </article>
  );
}
