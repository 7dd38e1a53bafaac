// The home carousel: 4 slides, 4000 ms each (docs/product.md §2, §9): the shop's welcome and the three
// promo comics. It pauses on hover and with its pause button (and starts paused for visitors
// who ask for reduced motion).
import { CAROUSEL_INTERVAL_MS, COMIC_FORMAT, PROMO_VOLUME_IDS } from '@comics/shared/constants';
import { useState, useSyncExternalStore } from 'react';
import Carousel from 'react-bootstrap/Carousel';
import { BsPauseFill, BsPlayFill } from 'react-icons/bs';
import { Link } from 'react-router';

import { CoverImage } from '@/components/cover-image';
import { comicDetailHref, type Area } from '@/config/paths';

import { useComic } from '../api/get-comic';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.(REDUCED_MOTION).matches === true;
}

function onReducedMotionChange(listener: () => void): () => void {
  const query = typeof window === 'undefined' ? undefined : window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener?.('change', listener);
  return () => query?.removeEventListener?.('change', listener);
}

export function HomeCarousel({ area }: { area: Area }) {
  // The visitor's choice, else their system's: read after hydration (the server's markup, which
  // cannot know it, plays), so a server-rendered page starts paused too.
  const reducedMotion = useSyncExternalStore(onReducedMotionChange, prefersReducedMotion, () => false);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const paused = chosen ?? reducedMotion;
  const setPaused = (toggle: (value: boolean) => boolean) => setChosen(toggle(paused));
  const promos = [useComic(PROMO_VOLUME_IDS[0]), useComic(PROMO_VOLUME_IDS[1]), useComic(PROMO_VOLUME_IDS[2])];

  return (
    <section className="home-carousel position-relative mb-4 mb-md-5" aria-label="Featured comics">
      <Carousel
        interval={paused ? null : CAROUSEL_INTERVAL_MS}
        pause="hover"
        touch
        prevLabel="Previous slide"
        nextLabel="Next slide"
      >
        <Carousel.Item className="hero-slide hero-slide-0">
          <div className="hero-slide-inner">
            <div className="hero-copy">
              <p className="hero-kicker">100% {COMIC_FORMAT.toLowerCase()}</p>
              <h2 className="hero-title">Every issue. Every publisher.</h2>
              <p className="hero-text">Buy a comic and start reading it the same second, on any screen.</p>
              <a href="#catalogue-heading" className="btn btn-warning btn-lg fw-semibold">
                Browse comics
              </a>
            </div>
            <div className="hero-fan" aria-hidden="true">
              {promos.map((promo, i) =>
                promo.data ? (
                  <CoverImage
                    key={i}
                    src={promo.data.image}
                    alt=""
                    priority
                    className={`hero-fan-cover hero-fan-${i}`}
                  />
                ) : (
                  <div key={i} className={`cover-frame hero-fan-cover hero-fan-${i} placeholder-glow`} />
                ),
              )}
            </div>
          </div>
        </Carousel.Item>
        {promos.map((promo, i) => (
          <Carousel.Item key={PROMO_VOLUME_IDS[i]} className={`hero-slide hero-slide-${i + 1}`}>
            <div className="hero-slide-inner">
              <div className="hero-copy">
                <p className="hero-kicker">Staff pick</p>
                {promo.data ? (
                  <>
                    <h2 className="hero-title">
                      {promo.data.name}
                      {promo.data.start_year ? <span className="hero-year"> ({promo.data.start_year})</span> : null}
                    </h2>
                    {promo.data.deck ? <p className="hero-text hero-deck">{promo.data.deck}</p> : null}
                    <Link to={comicDetailHref(area, promo.data.id)} className="btn btn-warning btn-lg fw-semibold">
                      See the issues
                    </Link>
                  </>
                ) : promo.isError ? (
                  <>
                    <h2 className="hero-title">New issues every week</h2>
                    <p className="hero-text">Filter by publisher below to find your next favourite series.</p>
                  </>
                ) : (
                  <div className="placeholder-glow" aria-hidden="true">
                    <span className="placeholder col-8 placeholder-lg mb-3 d-block" />
                    <span className="placeholder col-10 d-block mb-2" />
                    <span className="placeholder col-6 d-block" />
                  </div>
                )}
              </div>
              <div className="hero-feature" aria-hidden="true">
                {promo.data ? (
                  <CoverImage src={promo.data.image} alt="" priority className="hero-feature-cover" />
                ) : (
                  <div className="cover-frame hero-feature-cover" />
                )}
              </div>
            </div>
          </Carousel.Item>
        ))}
      </Carousel>
      <button
        type="button"
        className="btn btn-sm btn-dark carousel-pause"
        onClick={() => setPaused((value) => !value)}
        aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
        aria-pressed={paused}
      >
        {paused ? <BsPlayFill aria-hidden="true" /> : <BsPauseFill aria-hidden="true" />}
      </button>
    </section>
  );
}
