// The account's app passwords, newest first: each device's name, when it was made and last used,
// and 'Revoke' (asked first; a reading app using it is refused from then on). After a revoke the
// focus goes to the list's heading, since the button it was on is gone.
import type { AppPassword } from '@comics/shared/schemas/app-passwords';
import { useRef, useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

import { useAppPasswords } from '../api/get-app-passwords';
import { useRevokeAppPassword } from '../api/revoke-app-password';
import { relativeTime } from '../utils/relative-time';
import { BsTablet } from './devices-icons';

export function AppPasswordList({ userId }: { userId: number }) {
  const appPasswords = useAppPasswords(userId);
  const revoke = useRevokeAppPassword(userId);
  const [revoking, setRevoking] = useState<AppPassword | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Set by a revoke that went through: the dialog's opener is gone, the heading takes the focus.
  const focusHeadingOnExit = useRef(false);

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      focusHeadingOnExit.current = true;
      setRevoking(null);
    } catch {
      // The dialog stays open and says why (revoke.error).
    }
  }

  function closeDialog() {
    revoke.reset();
    setRevoking(null);
  }

  return (
    <div className="app-password-list">
      <h3 ref={headingRef} tabIndex={-1} className="h6 fw-bold mb-2" id="app-password-list-title">
        Your app passwords
      </h3>
      {appPasswords.isPending ? (
        <PageSpinner label="Loading your app passwords" className="py-3" />
      ) : appPasswords.isError ? (
        <ErrorState
          title="Your app passwords could not be loaded"
          error={appPasswords.error}
          onRetry={() => void appPasswords.refetch()}
        />
      ) : appPasswords.data.length === 0 ? (
        <p className="text-body-secondary small mb-0">
          No app passwords yet. Make one for each reading app you use: you can revoke it alone if the device is lost.
        </p>
      ) : (
        <ul className="list-unstyled mb-0" aria-labelledby="app-password-list-title">
          {appPasswords.data.map((appPassword) => (
            <AppPasswordItem key={appPassword.id} appPassword={appPassword} onRevoke={() => setRevoking(appPassword)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        title={revoking ? `Revoke “${revoking.name}”?` : null}
        text="A reading app signed in with it will be refused from now on. To read there again, make a new app password."
        confirmLabel="Revoke"
        pending={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        onConfirm={() => void confirmRevoke()}
        onCancel={closeDialog}
        onExited={() => {
          if (!focusHeadingOnExit.current) return;
          focusHeadingOnExit.current = false;
          headingRef.current?.focus();
        }}
      />
    </div>
  );
}

function AppPasswordItem({ appPassword, onRevoke }: { appPassword: AppPassword; onRevoke: () => void }) {
  const { name, createdAt, lastUsedAt } = appPassword;
  return (
    <li className="app-password-item">
      <BsTablet aria-hidden="true" className="app-password-icon flex-shrink-0" />
      <div className="app-password-text">
        <p className="fw-semibold mb-0 text-break">{name}</p>
        {/* On a phone the line breaks between the two dates, not inside one. */}
        <p className="small text-body-secondary mb-0">
          <span className="text-nowrap">
            Created <WhenText iso={createdAt} />
          </span>
          {' · '}
          <span className="text-nowrap">
            {lastUsedAt === null ? (
              'Never used'
            ) : (
              <>
                Last used <WhenText iso={lastUsedAt} />
              </>
            )}
          </span>
        </p>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline-danger flex-shrink-0"
        aria-label={`Revoke ${name}`}
        onClick={onRevoke}
      >
        Revoke
      </button>
    </li>
  );
}

/** '3 days ago', with the date and time on hover. */
function WhenText({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {relativeTime(iso)}
    </time>
  );
}
