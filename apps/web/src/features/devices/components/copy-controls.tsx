// The Copy button and what it says afterwards. The feedback is a polite live region under the
// value: 'Copied …', or, when the browser refuses the clipboard, how to copy by hand.
import type { CopyState } from '../hooks/use-copy';
import { BsCheck2, BsCopy } from './devices-icons';

type CopyButtonProps = {
  state: CopyState;
  /** What is copied, in the button's name: 'Copy the OPDS 1.2 address'. */
  what: string;
  primary?: boolean;
  onCopy: () => void;
};

export function CopyButton({ state, what, primary = false, onCopy }: CopyButtonProps) {
  return (
    <button
      type="button"
      className={`btn ${primary ? 'btn-primary' : 'btn-outline-secondary'} d-inline-flex align-items-center gap-1`}
      aria-label={`Copy ${what}`}
      onClick={onCopy}
    >
      {state === 'copied' ? <BsCheck2 aria-hidden="true" /> : <BsCopy aria-hidden="true" />}
      Copy
    </button>
  );
}

export function CopyFeedback({ state, what }: { state: CopyState; what: string }) {
  return (
    <p
      className={`copy-feedback small mb-0 ${state === 'failed' ? 'text-danger-emphasis' : 'text-success-emphasis'}`}
      role="status"
    >
      {state === 'copied' && `Copied ${what}.`}
      {state === 'failed' &&
        'Copying is blocked in this browser: the text is selected, copy it with your keyboard or menu.'}
    </p>
  );
}
