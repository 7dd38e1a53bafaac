// Light or dark theme through Bootstrap 5.3 colour modes (data-bs-theme on <html>), remembered
// in localStorage. public/theme-init.js applies it before paint with the same key and values.
import { DEFAULT_THEME, type Theme } from '@comics/shared/constants';
import { useCallback, useSyncExternalStore } from 'react';

import { readStorage, subscribeStorage, writeStorage } from './storage';

export const THEME_STORAGE_KEY = 'theme';

export function getStoredTheme(): Theme {
  const value = readStorage(THEME_STORAGE_KEY);
  return value === 'dark' || value === 'light' ? value : DEFAULT_THEME;
}

export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-bs-theme', theme);
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
