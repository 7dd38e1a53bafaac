import { afterEach, describe, expect, it, vi } from 'vitest';

import { getAppShellState, resetAppShellState, type InstallPrompt } from './app-shell-state';
import { offerInstall } from './install-offer';
import { keepInstallOffer } from './start-app-shell';
import { watchInstalled } from './start-after-load';

afterEach(resetAppShellState);

/** A 'beforeinstallprompt' event as Chromium sends it, answered with `outcome`. */
function installEvent(outcome: 'accepted' | 'dismissed') {
  let answer: (choice: { outcome: typeof outcome }) => void = () => {};
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => answer({ outcome })),
    userChoice: new Promise<{ outcome: typeof outcome }>((resolve) => (answer = resolve)),
  });
  return event as typeof event & InstallPrompt;
}

describe('the install offer', () => {
  it("is kept for the shop's button instead of the browser's banner", () => {
    const event = installEvent('accepted');
    window.addEventListener('beforeinstallprompt', keepInstallOffer);
    try {
      window.dispatchEvent(event);
    } finally {
      window.removeEventListener('beforeinstallprompt', keepInstallOffer);
    }
    expect(event.defaultPrevented).toBe(true);
    expect(getAppShellState().installPrompt).toBe(event);
    expect(getAppShellState().installed).toBe(false);
  });

  it('shows the dialog once, hides the button at once, and notes an accepted install', async () => {
    const event = installEvent('accepted');
    keepInstallOffer(event);
    const answered = offerInstall();
    expect(getAppShellState().installPrompt).toBeNull();
    await answered;
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(getAppShellState().installed).toBe(true);

    await offerInstall();
    expect(event.prompt).toHaveBeenCalledTimes(1);
  });

  it('stays uninstalled when the visitor says no, until the browser offers again', async () => {
    keepInstallOffer(installEvent('dismissed'));
    await offerInstall();
    expect(getAppShellState()).toMatchObject({ installPrompt: null, installed: false });

    const again = installEvent('accepted');
    keepInstallOffer(again);
    expect(getAppShellState().installPrompt).toBe(again);
  });

  it('survives a browser that withdrew the offer', async () => {
    const event = installEvent('accepted');
    event.prompt.mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
    keepInstallOffer(event);
    await expect(offerInstall()).resolves.toBeUndefined();
    expect(getAppShellState()).toMatchObject({ installPrompt: null, installed: false });
  });
});

describe('installed', () => {
  const target = (standalone: boolean) => {
    const events = new EventTarget();
    return {
      matchMedia: (query: string) =>
        ({ matches: standalone && query === '(display-mode: standalone)' }) as MediaQueryList,
      addEventListener: events.addEventListener.bind(events) as Window['addEventListener'],
      dispatch: (type: string) => events.dispatchEvent(new Event(type)),
    };
  };

  it('is true when the shop runs as the installed app', () => {
    watchInstalled(target(true));
    expect(getAppShellState().installed).toBe(true);
  });

  it('becomes true when installed from this page, and the offer goes', () => {
    const page = target(false);
    keepInstallOffer(installEvent('accepted'));
    watchInstalled(page);
    expect(getAppShellState().installed).toBe(false);
    page.dispatch('appinstalled');
    expect(getAppShellState()).toMatchObject({ installPrompt: null, installed: true });
  });
});
