// The shop's own 'Install app': shows the browser's install dialog from the offer it kept
// (start-app-shell.ts). An offer works once, so the button goes whatever the visitor answers; the
// browser may make a new offer later, which brings it back.
import { changeAppShellState, getAppShellState } from './app-shell-state';

export async function offerInstall(): Promise<void> {
  const offer = getAppShellState().installPrompt;
  if (!offer) return;
  changeAppShellState({ installPrompt: null });
  try {
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    if (outcome === 'accepted') changeAppShellState({ installed: true });
  } catch {
    // The browser withdrew the offer (used elsewhere, or the page lost focus): nothing to undo.
  }
}
