// An info button with a tooltip that says what a figure means. The text is the button's
// accessible description, so a screen reader reads it with the button whether or not the bubble
// shows; the bubble shows on hover, on keyboard focus and on a tap, stays while the pointer is
// over it, and Escape hides it (WCAG 1.4.13). No Popper: it opens above the button, towards the
// start of the line, inside the card it explains.
import { useEffect, useId, useState, type ReactNode } from 'react';

import { BsInfoCircle } from './admin-icons';

type InfoTipProps = {
  /** The button's name, e.g. 'About Daily Users'. */
  label: string;
  children: ReactNode;
};

export function InfoTip({ label, children }: InfoTipProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [tapped, setTapped] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const bubbleId = useId();
  const open = (hovered || focused || tapped) && !dismissed;

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') setDismissed(true);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  // Dismissed until the next time the reader comes to it.
  const reset = () => setDismissed(false);

  return (
    <span
      className="info-tip"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        reset();
        setHovered(true);
      }}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(false)}
    >
      <button
        type="button"
        className="info-tip-button"
        aria-label={label}
        aria-describedby={bubbleId}
        onFocus={() => {
          reset();
          setFocused(true);
        }}
        onBlur={() => {
          setFocused(false);
          setTapped(false);
        }}
        onClick={() => {
          reset();
          setTapped((value) => !value);
        }}
      >
        <BsInfoCircle aria-hidden="true" />
      </button>
      <span id={bubbleId} role="tooltip" className={`info-tip-bubble${open ? ' show' : ''}`}>
        {children}
      </span>
    </span>
  );
}
