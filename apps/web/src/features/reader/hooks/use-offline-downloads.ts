// The downloads for offline reading this page is running (issue 28): one issue at a time, in the
// order asked (a whole series, the next three unread), each with how many of its pages are kept
// so far; and the issues already on the device. Screens follow both through hooks.
import type { PurchaseItem } from '@comics/shared/schemas/shop';
import { useEffect, useState, useSyncExternalStore } from 'react';

import { errorMessage } from '@/lib/api-client';
import {
  askForPersistentStorage,
  deviceCopies,
  deviceShelfVersion,
  subscribeDeviceShelf,
  type DeviceCopy,
} from '@/lib/offline/device-shelf';

import { keepOffline } from '../api/keep-offline';

export type DownloadState =
  | { status: 'waiting' }
  | { status: 'downloading'; kept: number; total: number }
  | { status: 'failed'; message: string };

type Job = { userId: number; purchase: PurchaseItem; controller: AbortController };

const states = new Map<number, DownloadState>();
const queue: Job[] = [];
let running: Job | null = null;
let askedToPersist = false;
const listeners = new Set<() => void>();

/** The issues waiting or downloading, made anew at each change (a stable snapshot between them). */
let active: ReadonlySet<number> = new Set();

function setState(issueId: number, state: DownloadState | null): void {
  if (state) states.set(issueId, state);
  else states.delete(issueId);
  active = new Set([...states].filter(([, each]) => each.status !== 'failed').map(([id]) => id));
  for (const listener of [...listeners]) listener();
}

async function runQueue(): Promise<void> {
  if (running) return;
  for (let job = queue.shift(); job; job = queue.shift()) {
    running = job;
    const { purchase, controller } = job;
    setState(purchase.id, { status: 'downloading', kept: 0, total: 0 });
    try {
      await keepOffline(job.userId, purchase, {
        signal: controller.signal,
        onProgress: (kept, total) => setState(purchase.id, { status: 'downloading', kept, total }),
      });
      setState(purchase.id, null);
    } catch (error) {
      const cancelled = controller.signal.aborted;
      setState(purchase.id, cancelled ? null : { status: 'failed', message: errorMessage(error) });
    }
  }
  running = null;
}

/** Queues the issues not already on the device or on their way, and starts the queue. */
export function downloadForOffline(userId: number, purchases: readonly PurchaseItem[], onDevice: ReadonlySet<number>) {
  if (!askedToPersist) {
    askedToPersist = true;
    void askForPersistentStorage().catch(() => false);
  }
  for (const purchase of purchases) {
    const state = states.get(purchase.id);
    if (onDevice.has(purchase.id) || (state && state.status !== 'failed')) continue;
    queue.push({ userId, purchase, controller: new AbortController() });
    setState(purchase.id, { status: 'waiting' });
  }
  void runQueue();
}

/** Stops an issue's download (or takes it out of the queue); what it kept so far goes. */
export function cancelDownload(issueId: number): void {
  const waiting = queue.findIndex((job) => job.purchase.id === issueId);
  if (waiting >= 0) queue.splice(waiting, 1);
  if (running?.purchase.id === issueId) running.controller.abort();
  setState(issueId, null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The issue's download on this page, if one is waiting, running or failed. */
export function useDownloadState(issueId: number): DownloadState | undefined {
  return useSyncExternalStore(
    subscribe,
    () => states.get(issueId),
    () => undefined,
  );
}

const NONE: ReadonlySet<number> = new Set();

/** The issues waiting for their download or downloading now. */
export function useActiveDownloads(): ReadonlySet<number> {
  return useSyncExternalStore(
    subscribe,
    () => active,
    () => NONE,
  );
}

/** The user's issues on this device by id (undefined while they load), kept up to date. */
export function useDeviceCopies(userId: number | null): ReadonlyMap<number, DeviceCopy> | undefined {
  const version = useSyncExternalStore(subscribeDeviceShelf, deviceShelfVersion, () => 0);
  const [copies, setCopies] = useState<{ version: number; userId: number | null; byId: Map<number, DeviceCopy> }>();
  useEffect(() => {
    if (userId === null) return;
    let current = true;
    deviceCopies(userId).then(
      (list) => current && setCopies({ version, userId, byId: new Map(list.map((copy) => [copy.issueId, copy])) }),
      () => current && setCopies({ version, userId, byId: new Map() }),
    );
    return () => {
      current = false;
    };
  }, [userId, version]);
  return copies?.userId === userId ? copies.byId : undefined;
}
