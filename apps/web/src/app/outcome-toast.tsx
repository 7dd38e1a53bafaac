// The toast that says how what a guest began before logging in ended (a purchase, a follow):
// for six seconds, or until closed; a success offers where to see it.
import { useEffect } from 'react';
import { Link } from 'react-router';

/** How long the toast stays. */
const TOAST_MS = 6000;

export type Outcome = { tone: 'success' | 'secondary' | 'danger'; text: string };

type OutcomeToastProps = {
  outcome: Outcome | null;
  /** After a success: a link to where it shows. */
  successLink: { to: string; label: string };
  onDone: () => void;
};

export function OutcomeToast({ outcome, successLink, onDone }: OutcomeToastProps) {
  useEffect(() => {
    if (!outcome) return;
    const timer = window.setTimeout(onDone, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, onDone]);

  if (!outcome) return null;
  return (
    <div className="toast-container position-fixed top-0 end-0 p-3">
      <div
        className={`toast show text-bg-${outcome.tone} border-0`}
        role="status"
        aria-live="polite"
        aria-atomic="true"
      >
        <div className="d-flex align-items-center">
          <div className="toast-body fw-semibold">
            {outcome.text}{' '}
            {outcome.tone === 'success' && (
              <Link to={successLink.to} className="link-light">
                {successLink.label}
              </Link>
            )}
          </div>
          <button type="button" className="btn-close btn-close-white me-2 m-auto" aria-label="Close" onClick={onDone} />
        </div>
      </div>
    </div>
  );
}
