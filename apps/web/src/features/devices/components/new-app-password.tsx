// The secret of the app password just made, the only time it is shown: in a highlighted box that
// takes the focus (a screen reader starts reading there), with the username to type beside it.
import type { CreatedAppPassword } from '@comics/shared/schemas/app-passwords';
import { useEffect, useRef } from 'react';

import { CopyableValue } from './copyable-value';
import { BsKey } from './devices-icons';

type NewAppPasswordProps = {
  created: CreatedAppPassword;
  email: string;
  onDone: () => void;
};

export function NewAppPassword({ created, email, onDone }: NewAppPasswordProps) {
  const boxRef = useRef<HTMLElement>(null);
  // Each new secret takes the focus, not only the first.
  useEffect(() => boxRef.current?.focus(), [created.id]);

  return (
    <section
      ref={boxRef}
      tabIndex={-1}
      className="new-app-password"
      aria-labelledby="new-app-password-title"
      aria-describedby="new-app-password-warning"
    >
      <h3 id="new-app-password-title" className="h6 fw-bold d-flex align-items-center gap-2 mb-1 text-break">
        <BsKey aria-hidden="true" className="flex-shrink-0" />
        App password for “{created.name}”
      </h3>
      <p id="new-app-password-warning" className="small mb-3">
        Copy it into your reading app now: it will not be shown again.
      </p>
      <div className="d-flex flex-column gap-2">
        <CopyableValue label="App password" value={created.password} what="the app password" emphasis />
        <CopyableValue label="Username" value={email} what="the username" />
      </div>
      <button type="button" className="btn btn-link btn-sm px-0 mt-2" onClick={onDone}>
        Done, hide it
      </button>
    </section>
  );
}
