import { afterEach, describe, expect, it, vi } from 'vitest';

import { getAppShellState, resetAppShellState } from './app-shell-state';
import { createUpdateFlow } from './update-flow';

afterEach(resetAppShellState);

/** A service worker: its state changes are events, its messages are recorded. */
class FakeWorker extends EventTarget {
  readonly postMessage = vi.fn();
  install() {
    this.dispatchEvent(new Event('statechange'));
  }
}

/** A registration whose installing and waiting workers the test moves along. */
class FakeRegistration extends EventTarget {
  installing: ServiceWorker | null = null;
  waiting: ServiceWorker | null = null;

  /** The browser found a new version and is installing it. */
  found(worker: FakeWorker) {
    this.installing = worker as unknown as ServiceWorker;
    this.dispatchEvent(new Event('updatefound'));
  }

  /** It installed, and waits behind the active version. */
  installed(worker: FakeWorker) {
    this.installing = null;
    this.waiting = worker as unknown as ServiceWorker;
    worker.install();
  }
}

function flowOf(registration: FakeRegistration, controlled = true) {
  const reload = vi.fn();
  const flow = createUpdateFlow(registration, { isControlled: () => controlled, reload });
  return { flow, reload };
}

describe('a new version of the app', () => {
  it('is offered when it was already waiting from an earlier visit', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker() as unknown as ServiceWorker;
    flowOf(registration);
    expect(getAppShellState().updateWaiting).toBe(true);
  });

  it('is offered once it has installed, found before or after the page registered', () => {
    const registration = new FakeRegistration();
    const early = new FakeWorker();
    registration.installing = early as unknown as ServiceWorker;
    flowOf(registration);
    expect(getAppShellState().updateWaiting).toBe(false);
    registration.installed(early);
    expect(getAppShellState().updateWaiting).toBe(true);

    resetAppShellState();
    const later = new FakeWorker();
    registration.waiting = null;
    registration.found(later);
    expect(getAppShellState().updateWaiting).toBe(false);
    registration.installed(later);
    expect(getAppShellState().updateWaiting).toBe(true);
  });

  it('is not offered on the first install, which takes the page itself', () => {
    const registration = new FakeRegistration();
    const first = new FakeWorker();
    flowOf(registration, false);
    registration.found(first);
    registration.installed(first);
    expect(getAppShellState().updateWaiting).toBe(false);
  });

  it('takes over on Reload, and the page reloads once it controls it, not before', () => {
    const registration = new FakeRegistration();
    const next = new FakeWorker();
    registration.waiting = next as unknown as ServiceWorker;
    const { flow, reload } = flowOf(registration);

    flow.reloadIntoNewVersion();
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    flow.controllerChanged();
    expect(reload).toHaveBeenCalledTimes(1);
    flow.controllerChanged();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload a page that did not ask when a new worker takes control', () => {
    const { flow, reload } = flowOf(new FakeRegistration());
    flow.controllerChanged();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads at once when another tab let it take over already', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker() as unknown as ServiceWorker;
    const { flow, reload } = flowOf(registration);
    registration.waiting = null;
    flow.reloadIntoNewVersion();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
