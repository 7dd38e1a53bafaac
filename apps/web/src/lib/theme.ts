// Light or dark theme through Bootstrap 5.3 colour modes (data-bs-theme on <html>), remembered
// in localStorage, and the browser's bar coloured to match (the theme-color meta tags).
// public/theme-init.js applies it before paint with the same key and values.
import { DEFAULT_THEME, type Theme } from '@comics/shared/constants';
import { useCallback, useSyncExternalStore } from 'react';

import { readStorage, subscribeStorage, writeStorage } from './storage';

export const THEME_STORAGE_KEY = 'theme';

export function getStoredTheme(): Theme {
  const value = readStorage(THEME_STORAGE_KEY);
  return value === 'dark' || value === 'light' ? value : DEFAULT_THEME;
}

/**
 * The browser's bar (and an installed app's title bar) on each theme: the brand red of the logo on
 * the light one, the dark navbar's background on the dark one. index.html, public/theme-init.js
 * and the manifest's theme_color (vite.config.ts) name the same colours.
 */
export const THEME_COLORS: Readonly<Record<Theme, string>> = { light: '#e23636', dark: '#111318' };

export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-bs-theme', theme);
  // Both tags (one per system colour scheme): the shop's own choice wins over the system's.
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    meta.content = THEME_COLORS[theme];
  }
}

export function setTheme(theme: Theme): void {
  writeStorage(THEME_STORAGE_KEY, theme);
  applyTheme(theme);
}

export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribeStorage, getStoredTheme, () => DEFAULT_THEME);
  const toggleTheme = useCallback(() => setTheme(getStoredTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, setTheme, toggleTheme };
}
