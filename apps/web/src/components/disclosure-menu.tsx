// A small menu for the navbar: a toggle button that shows a list of links (the disclosure
// pattern). Escape or a click elsewhere closes it. It replaces react-bootstrap's Dropdown, whose
// Popper positioning the navbar does not need, to keep the first-load bundle small.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

type DisclosureMenuProps = {
  label: ReactNode;
  children: (close: () => void) => ReactNode;
  className?: string;
  align?: 'start' | 'end';
};

export function DisclosureMenu({ label, children, className, align = 'start' }: DisclosureMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    function onFocusIn(event: FocusEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    // A <div>, not an <li>: the navbar's Nav is a <div>, and a stray <li> breaks the list semantics.
    <div ref={rootRef} className={`nav-item dropdown ${className ?? ''}`}>
      <button
        ref={buttonRef}
        type="button"
        className={`nav-link dropdown-toggle${open ? ' show' : ''}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      <ul id={menuId} className={`dropdown-menu${align === 'end' ? ' dropdown-menu-end' : ''}${open ? ' show' : ''}`}>
        {children(close)}
      </ul>
    </div>
  );
}
