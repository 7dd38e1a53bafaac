// A comic cover: a fixed 2:3 frame (no layout shift), lazy-loaded unless it is above the fold,
// and a neutral placeholder if the image fails.
import { useState } from 'react';
import { BsImage } from 'react-icons/bs';

type CoverImageProps = {
  src: string;
  alt: string;
  /** Above the fold (e.g. the first carousel slide): load at once. */
  priority?: boolean;
  sizes?: string;
  className?: string;
};

export function CoverImage({ src, alt, priority = false, className }: CoverImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;

  return (
    <div className={`cover-frame ${className ?? ''}`}>
      {failed ? (
        <div className="cover-fallback" role="img" aria-label={alt}>
          <BsImage aria-hidden="true" />
        </div>
      ) : (
        <img
          src={src}
          alt={alt}
          width={400}
          height={600}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      )}
    </div>
  );
}
