// What 'My comics' shows of this device (issue 28): how many issues it keeps, the space they take
// and what the browser allows, a switch to show only them (`?on=device`, also where the offline
// app opens), and a series' 'Download series' and 'Next 3 unread'.
import type { PurchaseItem } from '@comics/shared/schemas/shop';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';

import { isFinished, type ReadingStop } from '@/components/reader-link';
import { canKeepOffline, storageEstimate, type DeviceCopy } from '@/lib/offline/device-shelf';

import { downloadForOffline, useActiveDownloads } from '../hooks/use-offline-downloads';
import { BsCloudArrowDown } from './offline-icons';
import './keep-offline.css';

/** How many unread issues 'Next 3 unread' keeps. */
export const NEXT_UNREAD_COUNT = 3;

const sizeFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** Bytes for people: '840 KB', '12.4 MB', '1.2 GB'. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${sizeFormat.format(value)} ${units[unit]}`;
}

export function DeviceShelfSummary({ copies }: { copies: ReadonlyMap<number, DeviceCopy> | undefined }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const switchId = useId();
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  const count = copies?.size ?? 0;
  useEffect(() => {
    let current = true;
    storageEstimate().then(
      (value) => current && setEstimate(value),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [count]);
  if (!canKeepOffline() || copies === undefined) return null;

  const bytes = [...copies.values()].reduce((sum, copy) => sum + copy.bytes, 0);
  const deviceOnly = searchParams.get('on') === 'device';
  const showDeviceOnly = (on: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set('on', 'device');
        else next.delete('on');
        return next;
      },
      { replace: true },
    );

  return (
    <section
      className="device-shelf d-flex flex-wrap align-items-center column-gap-4 row-gap-2 px-3 py-2 mb-3"
      aria-label="On this device"
    >
      <p className="mb-0 small">
        <span className="fw-semibold">On this device:</span>{' '}
        {count === 0 ? 'nothing yet' : `${count} ${count === 1 ? 'issue' : 'issues'}, ${formatBytes(bytes)}`}
        {estimate && (
          <span className="text-body-secondary">
            {' '}
            · the browser allows {formatBytes(estimate.quota)} ({formatBytes(estimate.usage)} used)
          </span>
        )}
      </p>
      <div className="form-check form-switch mb-0 ms-md-auto">
        <input
          id={switchId}
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={deviceOnly}
          onChange={(event) => showDeviceOnly(event.target.checked)}
        />
        <label className="form-check-label small" htmlFor={switchId}>
          Only what is on this device
        </label>
      </div>
    </section>
  );
}

type SeriesIssue = PurchaseItem & { stop?: ReadingStop | undefined };

/** A series' issues to keep at once: all of them, or the next unread ones in reading order. */
export function KeepSeriesOffline({
  userId,
  issues,
  copies,
}: {
  userId: number;
  /** In reading order. */
  issues: readonly SeriesIssue[];
  copies: ReadonlyMap<number, DeviceCopy> | undefined;
}) {
  const downloading = useActiveDownloads();
  if (!canKeepOffline() || copies === undefined || issues.length < 2) return null;
  const missing = issues.filter((issue) => !copies.has(issue.id) && !downloading.has(issue.id));
  if (missing.length === 0) return null;
  const unread = missing.filter((issue) => !isFinished(issue.stop)).slice(0, NEXT_UNREAD_COUNT);
  const onDevice = new Set(copies.keys());
  const keep = (chosen: readonly SeriesIssue[]) => downloadForOffline(userId, chosen, onDevice);
  const name = issues[0]!.volume_name;

  return (
    <div className="d-flex flex-wrap gap-2 ms-sm-auto">
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm text-nowrap"
        aria-label={`Download series for offline: ${name}, ${missing.length} issues`}
        onClick={() => keep(missing)}
      >
        <BsCloudArrowDown aria-hidden="true" className="me-1" />
        Download series
      </button>
      {unread.length > 0 && unread.length < missing.length && (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm text-nowrap"
          aria-label={`Next ${unread.length} unread, downloaded for offline: ${name}`}
          onClick={() => keep(unread)}
        >
          Next {unread.length} unread
        </button>
      )}
    </div>
  );
}
