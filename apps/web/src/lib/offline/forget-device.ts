// Forgets what this device keeps for offline reading (device-shelf.ts) without putting the offline
// code into the first load: the session code every page runs calls this, which loads it only then.

/** Resolves once the device has forgotten (or could not: nothing to wait for then). */
export function forgetOfflineCopies(): Promise<void> {
  return import('./device-shelf').then((shelf) => shelf.forgetDevice()).catch(() => undefined);
}
