// The landing page's three promo comics (ids 773, 1174 and 796), each linking to its detail.
import { PROMO_VOLUME_IDS } from '@comics/shared/constants';
import { Link } from 'react-router';

import { CoverImage } from '@/components/cover-image';
import { comicDetailHref, type Area } from '@/config/paths';

import { useComic } from '../api/get-comic';

function PromoComic({ id, area, index }: { id: number; area: Area; index: number }) {
  const comic = useComic(id);
  const name = comic.data?.name;
  return (
    <Link
      to={comicDetailHref(area, id)}
      className={`promo-comic promo-comic-${index} text-decoration-none`}
      aria-label={name ? `${name}: see the comic` : `Promo comic ${index + 1}: see the comic`}
    >
      {comic.data ? (
        <CoverImage src={comic.data.image} alt="" priority />
      ) : (
        <div className="cover-frame placeholder-glow">
          <span className="placeholder w-100 h-100" />
        </div>
      )}
      <span className="promo-comic-name">{name ?? '\u00a0'}</span>
    </Link>
  );
}

export function PromoComics({ area }: { area: Area }) {
  return (
    <div className="promo-comics">
      {PROMO_VOLUME_IDS.map((id, index) => (
        <PromoComic key={id} id={id} area={area} index={index} />
      ))}
    </div>
  );
}
