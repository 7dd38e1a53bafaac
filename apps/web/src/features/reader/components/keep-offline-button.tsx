// 'Download for offline' on an owned issue (issue 28): keeps its pages on this device at the width
// this screen reads them. While it runs, a ring fills page by page (and Cancel stops it); once
// kept, 'On this device' with one click to remove it; a failure says why, with a retry.
import type { PurchaseItem } from '@comics/shared/schemas/shop';

import { BsCheckCircleFill } from '@/components/shop-icons';
import { issueLabel } from '@/lib/format';
import { canKeepOffline, removeCopy, type DeviceCopy } from '@/lib/offline/device-shelf';

import { cancelDownload, downloadForOffline, useDeviceCopies, useDownloadState } from '../hooks/use-offline-downloads';
import { BsCloudArrowDown, BsTrash3, BsXLg } from './offline-icons';
import './keep-offline.css';

type KeepOfflineButtonProps = {
  userId: number;
  issue: PurchaseItem;
  /** The user's issues on this device (undefined while they load: nothing is offered yet). */
  copies: ReadonlyMap<number, DeviceCopy> | undefined;
  /** Smaller, for cards and the reader's bar. */
  compact?: boolean;
};

export function KeepOfflineButton({ userId, issue, copies, compact = false }: KeepOfflineButtonProps) {
  const state = useDownloadState(issue.id);
  if (!canKeepOffline() || copies === undefined) return null;
  const label = issueLabel(issue);
  const size = compact ? 'btn-sm' : '';

  if (copies.has(issue.id)) {
    return (
      <span className="keep-offline d-inline-flex align-items-center gap-1">
        <span className="keep-offline-kept small">
          <BsCheckCircleFill aria-hidden="true" className="me-1" />
          On this device
        </span>
        <button
          type="button"
          className={`btn btn-link ${size} keep-offline-remove`}
          aria-label={`Remove ${label} from this device`}
          title="Remove from this device"
          onClick={() => void removeCopy(issue.id)}
        >
          <BsTrash3 aria-hidden="true" />
        </button>
      </span>
    );
  }

  if (state?.status === 'downloading' || state?.status === 'waiting') {
    const share = state.status === 'downloading' && state.total > 0 ? state.kept / state.total : 0;
    const text =
      state.status === 'waiting' ? 'Waiting to download' : `Downloading: ${state.kept} of ${state.total || '…'} pages`;
    return (
      <span className="keep-offline d-inline-flex align-items-center gap-2">
        <ProgressRing share={share} label={`${text} (${label})`} />
        <span className="small text-body-secondary" aria-hidden="true">
          {state.status === 'waiting' ? 'Waiting…' : `${Math.round(share * 100)} %`}
        </span>
        <button
          type="button"
          className={`btn btn-link ${size} keep-offline-remove`}
          aria-label={`Cancel the download of ${label}`}
          title="Cancel"
          onClick={() => cancelDownload(issue.id)}
        >
          <BsXLg aria-hidden="true" />
        </button>
      </span>
    );
  }

  const action = state?.status === 'failed' ? 'Try again' : 'Download for offline';
  return (
    <span className="keep-offline d-inline-flex flex-column align-items-start gap-1">
      <button
        type="button"
        className={`btn btn-outline-secondary ${size} keep-offline-start`}
        // The words on the button first (what voice control users say), then which issue.
        aria-label={`${action}: ${label}`}
        onClick={() => downloadForOffline(userId, [issue], new Set(copies.keys()))}
      >
        <BsCloudArrowDown aria-hidden="true" className="me-1" />
        {action}
      </button>
      {state?.status === 'failed' && (
        <span className="small text-danger-emphasis" role="alert">
          {state.message}
        </span>
      )}
    </span>
  );
}

/** The button for one issue shown alone (the reader's bar, the issue modal): it reads the device's copies itself. */
export function KeepIssueOffline({ userId, issue }: { userId: number; issue: PurchaseItem }) {
  return <KeepOfflineButton userId={userId} issue={issue} copies={useDeviceCopies(userId)} compact />;
}

const RING_RADIUS = 9;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/** A circle that fills as the pages arrive; a progress bar to assistive technology. */
export function ProgressRing({ share, label }: { share: number; label: string }) {
  const percent = Math.round(share * 100);
  return (
    <svg
      className="progress-ring"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <circle className="progress-ring-track" cx="12" cy="12" r={RING_RADIUS} />
      <circle
        className="progress-ring-fill"
        cx="12"
        cy="12"
        r={RING_RADIUS}
        strokeDasharray={RING_LENGTH}
        strokeDashoffset={RING_LENGTH * (1 - share)}
      />
    </svg>
  );
}
