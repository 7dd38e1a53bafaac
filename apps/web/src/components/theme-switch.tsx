// The light/dark switch (docs/product.md §2 navbar). The choice is stored and applied to <html>.
// Its look follows <html data-bs-theme> in CSS (bootstrap.scss), not its state: a page rendered
// on the server (ADR 014), which cannot know the stored theme, shows a dark visitor the switch on
// from the first paint, before hydration reads it.
import { useId } from 'react';
import { BsMoonStarsFill, BsSunFill } from 'react-icons/bs';

import { useTheme } from '@/lib/theme';

export function ThemeSwitch({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const id = useId();
  const dark = theme === 'dark';
  return (
    <div className={`form-check form-switch theme-switch mb-0 d-flex align-items-center gap-2 ${className ?? ''}`}>
      <BsSunFill aria-hidden="true" className="theme-switch-sun" />
      <input
        id={id}
        className="form-check-input m-0"
        type="checkbox"
        role="switch"
        checked={dark}
        onChange={toggleTheme}
        // Turned before the app starts, public/theme-init.js takes the change.
        data-theme-switch=""
        aria-label="Dark theme"
      />
      <BsMoonStarsFill aria-hidden="true" className="theme-switch-moon" />
      <label htmlFor={id} className="visually-hidden">
        Dark theme
      </label>
    </div>
  );
}
