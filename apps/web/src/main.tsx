// Entry point: global styles (Bootstrap, the Inter variable font, the shop's theme), then the app.
import './styles/bootstrap.scss';
import '@fontsource-variable/inter/wght.css';
import './styles/app.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { applyTheme, getStoredTheme } from './lib/theme';

// theme-init.js already did this before paint; repeat in case it was blocked or stale.
applyTheme(getStoredTheme());

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
