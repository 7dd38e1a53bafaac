// What an imported archive said of a comic beside its credits (issue 26): cover date, language,
// age rating and genres, as a short description list; the genres are small badges that search the
// catalogue for that genre. Only what is known renders, and nothing at all for a comic made by
// hand.
import { Link } from 'react-router';

import type { Area } from '@/config/paths';
import { formatCoverDate } from '../utils/cover-date';
import { searchHref } from '../utils/search-href';

type ComicFactsProps = {
  area: Area;
  genres?: readonly string[] | undefined;
  coverDate?: string | null | undefined;
  languageIso?: string | null | undefined;
  ageRating?: string | null | undefined;
};

// Made on first use: only pages with a language need the browser's names of languages.
let languageNames: Intl.DisplayNames | undefined;

/** 'en' → 'English', 'pt-BR' → 'Brazilian Portuguese'; the code itself when the browser has no name for it. */
function languageName(code: string): string {
  try {
    languageNames ??= new Intl.DisplayNames(['en'], { type: 'language' });
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export function ComicFacts({ area, genres, coverDate, languageIso, ageRating }: ComicFactsProps) {
  const date = coverDate ? formatCoverDate(coverDate) || coverDate : null;
  if (!date && !languageIso && !ageRating && !genres?.length) return null;
  return (
    <dl className="comic-about-list comic-facts">
      {date && (
        <>
          <dt>Cover date</dt>
          <dd>
            <time dateTime={coverDate!}>{date}</time>
          </dd>
        </>
      )}
      {languageIso && (
        <>
          <dt>Language</dt>
          <dd>{languageName(languageIso)}</dd>
        </>
      )}
      {ageRating && (
        <>
          <dt>Age rating</dt>
          <dd>{ageRating}</dd>
        </>
      )}
      {genres?.length ? (
        <>
          <dt>Genres</dt>
          <dd>
            <ul className="genre-badges list-unstyled mb-0">
              {genres.map((genre) => (
                <li key={genre}>
                  <Link to={searchHref(area, genre)} className="badge rounded-pill genre-badge">
                    {genre}
                  </Link>
                </li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
