// Picking 1 to 5 stars: a group of native radio buttons named '1 star' … '5 stars', so the
// keyboard works as for any radio group (Tab in, arrows to change) and screen readers say which
// is chosen. Each radio is hidden behind its star (Bootstrap's btn-check gives the focus ring);
// the stars up to the chosen, or pointed at, one are filled.
import { RATING_MAX } from '@comics/shared/constants';
import { Fragment, useId, useState } from 'react';
import { BsStar, BsStarFill } from 'react-icons/bs';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

export const starsLabel = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`;

type StarInputProps = {
  value: number | null;
  onChange: (stars: number) => void;
  legend?: string;
  disabled?: boolean;
  /** The id of the message saying what is wrong with the rating, when something is. */
  errorId?: string | undefined;
};

export function StarInput({ value, onChange, legend = 'Your rating', disabled = false, errorId }: StarInputProps) {
  const name = useId();
  const [pointed, setPointed] = useState<number | null>(null);
  const filled = pointed ?? value ?? 0;

  return (
    <fieldset aria-describedby={errorId} aria-invalid={errorId ? true : undefined} disabled={disabled}>
      <legend className="form-label fs-6 fw-semibold mb-1">{legend}</legend>
      <div className="d-flex flex-wrap align-items-center gap-1" onMouseLeave={() => setPointed(null)}>
        {STARS.map((stars) => {
          const id = `${name}-${stars}`;
          return (
            <Fragment key={stars}>
              <input
                type="radio"
                className="btn-check"
                name={name}
                id={id}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
              />
              <label
                htmlFor={id}
                className="star-choice btn btn-link p-1 lh-1 fs-3"
                // The stars' colour in either theme, whatever state Bootstrap gives the button.
                style={{ color: 'var(--star)' }}
                onMouseEnter={() => setPointed(stars)}
              >
                {stars <= filled ? <BsStarFill aria-hidden="true" /> : <BsStar aria-hidden="true" />}
                <span className="visually-hidden">{starsLabel(stars)}</span>
              </label>
            </Fragment>
          );
        })}
        <span className="ms-2 small text-body-secondary" aria-hidden="true">
          {value ? `${value} of ${RATING_MAX}` : 'Not rated yet'}
        </span>
      </div>
    </fieldset>
  );
}
