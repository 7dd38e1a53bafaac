// A value to carry into a reading app (a feed's address, the username, a new app password), shown
// whole as text beside its Copy button: on an e-reader it is often typed by hand, so a phone must
// show all of it, wrapping at its slashes and dashes rather than hiding it behind a scroll.
// A tap selects it whole; if the browser refuses the clipboard, it is left selected for the
// keyboard or the phone's menu.
import { Fragment, useId, useRef } from 'react';

import { useCopy } from '../hooks/use-copy';
import { CopyButton, CopyFeedback } from './copy-controls';

type CopyableValueProps = {
  label: string;
  value: string;
  /** What the Copy button copies, in its name and its feedback: 'the OPDS 1.2 address'. */
  what: string;
  /** The new app password: larger, and its Copy button the primary action. */
  emphasis?: boolean;
};

export function CopyableValue({ label, value, what, emphasis = false }: CopyableValueProps) {
  const labelId = useId();
  const valueRef = useRef<HTMLElement>(null);
  const { state, copy } = useCopy();

  async function onCopy() {
    if ((await copy(value)) !== 'failed' || !valueRef.current) return;
    window.getSelection()?.selectAllChildren(valueRef.current);
  }

  return (
    <div className="copyable-value" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="small fw-semibold mb-1">
        {label}
      </p>
      <div className="copyable-value-row">
        <code ref={valueRef} className={`copyable-value-text${emphasis ? ' is-secret' : ''}`}>
          <BreakableText text={value} />
        </code>
        <CopyButton state={state} what={what} primary={emphasis} onCopy={() => void onCopy()} />
      </div>
      <CopyFeedback state={state} what={what} />
    </div>
  );
}

/**
 * The text with a line break allowed after each slash, dash and @ (an address's path, the
 * secret's groups, an e-mail's domain); not after dots, which would split a host's name or IP.
 * Its characters are unchanged.
 */
function BreakableText({ text }: { text: string }) {
  return text.split(/(?<=[/\-@])/).map((part, index) => (
    <Fragment key={index}>
      {part}
      <wbr />
    </Fragment>
  ));
}
