// An API answer, or, when the shop cannot be reached, what this device keeps instead (issue 28:
// an issue downloaded for offline reading). Any other failure (a 4xx, a 5xx) stays the failure it
// is. The device's shelf is loaded only then: the API modules that offer this stay light.
import { ApiError } from '../api-client';
import type * as deviceShelf from './device-shelf';

export type DeviceShelf = typeof deviceShelf;

export async function orOnDevice<T>(
  online: Promise<T>,
  onDevice: (shelf: DeviceShelf) => Promise<T | undefined>,
): Promise<T> {
  try {
    return await online;
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'NETWORK_ERROR')) throw error;
    const kept = await import('./device-shelf').then(onDevice).catch(() => undefined);
    if (kept === undefined) throw error;
    return kept;
  }
}
