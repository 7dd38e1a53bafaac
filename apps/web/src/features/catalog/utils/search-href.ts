// Where a name or a genre on a comic's page leads: the catalogue's search for it, in the page's
// own area (the navbar's search, already typed in). Search finds comics by their credits and
// genres (issue 26), so the link lists the comics that person or genre appears in.
import { homeHref, type Area } from '@/config/paths';

import { catalogSearch } from '../hooks/use-catalog-params';

/** The API's longest search text. */
const MAX_SEARCH_LENGTH = 100;

export function searchHref(area: Area, text: string): string {
  return `${homeHref(area)}?${catalogSearch({ q: text.slice(0, MAX_SEARCH_LENGTH) })}`;
}
