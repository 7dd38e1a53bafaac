// Who made a comic or an issue (issue 26): a 'Credits' section whose list gives each role, in the
// catalogue's order, with its people, each a link to the catalogue's search for them. Nothing
// renders without credits (a comic made by hand has none). Comics list everyone once per role;
// a long run's roles show their first names (the server puts the most frequent first) and a count.
import { CREDIT_ROLES, type CreditRole } from '@comics/shared/constants';
import type { Credit } from '@comics/shared/schemas/catalog';
import { Fragment, useId } from 'react';
import { Link } from 'react-router';

import type { Area } from '@/config/paths';

import { searchHref } from '../utils/search-href';

export const CREDIT_ROLE_LABELS: Record<CreditRole, string> = {
  writer: 'Writer',
  penciller: 'Penciller',
  inker: 'Inker',
  colorist: 'Colorist',
  letterer: 'Letterer',
  cover_artist: 'Cover artist',
  editor: 'Editor',
};

/** Past this many names a role ends in 'and N more': the page stays a page on a 300-issue run. */
const NAMES_PER_ROLE = 8;

type ComicCreditsProps = {
  credits: readonly Credit[] | undefined;
  area: Area;
  /** The heading's level where the block sits: 2 on a comic's page, 3 in the issue window. */
  headingLevel: 2 | 3;
};

export function ComicCredits({ credits, area, headingLevel }: ComicCreditsProps) {
  const headingId = useId();
  if (!credits?.length) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const roles = CREDIT_ROLES.map((role) => ({
    role,
    names: [...new Set(credits.filter((credit) => credit.role === role).map((credit) => credit.name))],
  })).filter(({ names }) => names.length > 0);

  return (
    <section className="comic-credits" aria-labelledby={headingId}>
      <Heading id={headingId} className="comic-about-heading">
        Credits
      </Heading>
      <dl className="comic-about-list">
        {roles.map(({ role, names }) => (
          <Fragment key={role}>
            <dt>{CREDIT_ROLE_LABELS[role]}</dt>
            <dd>
              {names.slice(0, NAMES_PER_ROLE).map((name, index) => (
                <Fragment key={name}>
                  {index > 0 && ', '}
                  <Link to={searchHref(area, name)} className="credit-name">
                    {name}
                  </Link>
                </Fragment>
              ))}
              {names.length > NAMES_PER_ROLE && (
                <span className="text-body-secondary"> and {names.length - NAMES_PER_ROLE} more</span>
              )}
            </dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
