// The light/dark switch (docs/product.md §2 navbar). The choice is stored and applied to <html>.
import { useId } from 'react';
import { BsMoonStarsFill, BsSunFill } from 'react-icons/bs';

import { useTheme } from '@/lib/theme';

export function ThemeSwitch({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const id = useId();
  const dark = theme === 'dark';
  return (
    <div className={`form-check form-switch theme-switch mb-0 d-flex align-items-center gap-2 ${className ?? ''}`}>
      <BsSunFill aria-hidden="true" className={dark ? 'text-body-secondary' : 'text-warning'} />
      <input
        id={id}
        className="form-check-input m-0"
        type="checkbox"
        role="switch"
        checked={dark}
        onChange={toggleTheme}
        aria-label="Dark theme"
      />
      <BsMoonStarsFill aria-hidden="true" className={dark ? 'text-info' : 'text-body-secondary'} />
      <label htmlFor={id} className="visually-hidden">
        Dark theme
      </label>
    </div>
  );
}
