// A read-only rating on the spec's 5-star scale, to the nearest half star.
import { RATING_MAX } from '@comics/shared/constants';
import { BsStar, BsStarFill, BsStarHalf } from 'react-icons/bs';

/** `label` says more than the stars (how many reviews, say); by default 'Rated 4.5 out of 5'. */
export function StarRating({ value, className, label }: { value: number; className?: string; label?: string }) {
  const halves = Math.round(Math.min(Math.max(value, 0), RATING_MAX) * 2);
  label ??= `Rated ${value.toFixed(1)} out of ${RATING_MAX}`;
  return (
    <span className={`star-rating ${className ?? ''}`} role="img" aria-label={label} title={label}>
      {Array.from({ length: RATING_MAX }, (_, i) => {
        const filled = halves - i * 2;
        if (filled >= 2) return <BsStarFill key={i} aria-hidden="true" />;
        if (filled === 1) return <BsStarHalf key={i} aria-hidden="true" />;
        return <BsStar key={i} aria-hidden="true" />;
      })}
    </span>
  );
}
