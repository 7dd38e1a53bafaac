// 'Follow series' on a comic's page (issue 24): a favourite for the whole series. A signed-in USER
// toggles it ('Follow series' / 'Following ✓'); then its new issues show under 'New for you' on
// /user and come by e-mail. A guest's goes to log in first and comes back to the comic with the
// series followed (lib/pending-purchase).
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { BsBell } from 'react-icons/bs';
import { Link, useLocation } from 'react-router';

import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { rememberFollow } from '@/lib/pending-purchase';

import { useFollowSeries } from '../api/follow-series';
import { useFollows } from '../api/get-follows';
import { useUnfollowSeries } from '../api/unfollow-series';

type FollowButtonProps = {
  volumeId: number;
  /** The series' name, for the line under the button and a guest's login page. */
  name: string;
  /** The signed-in USER; null for a guest, who logs in to follow. */
  userId: number | null;
};

export function FollowButton({ volumeId, name, userId }: FollowButtonProps) {
  if (userId === null) return <GuestFollowLink volumeId={volumeId} name={name} />;
  return <FollowToggle volumeId={volumeId} name={name} userId={userId} />;
}

function FollowToggle({ volumeId, name, userId }: { volumeId: number; name: string; userId: number }) {
  const follows = useFollows(userId);
  const follow = useFollowSeries(userId);
  const unfollow = useUnfollowSeries(userId);
  const [said, setSaid] = useState<{ tone: 'success' | 'secondary' | 'danger'; text: string } | null>(null);
  const following = follows.data?.some((series) => series.volume_id === volumeId) ?? false;
  const busy = follow.isPending || unfollow.isPending;

  async function toggle() {
    setSaid(null);
    try {
      if (following) {
        await unfollow.mutateAsync(volumeId);
        setSaid({ tone: 'secondary', text: `You no longer follow ${name}.` });
      } else {
        await follow.mutateAsync({ volumeId });
        setSaid({
          tone: 'success',
          text: `New issues of ${name} will show under 'New for you' on your shelf, and come by e-mail.`,
        });
      }
    } catch (cause) {
      setSaid({ tone: 'danger', text: errorMessage(cause) });
    }
  }

  return (
    <div className="follow-series d-flex flex-wrap align-items-center gap-2">
      <Button
        variant={following ? 'primary' : 'outline-primary'}
        className="follow-button"
        disabled={!follows.isSuccess || busy}
        onClick={() => void toggle()}
      >
        {busy ? (
          <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
        ) : following ? null : (
          <BsBell aria-hidden="true" className="me-2" />
        )}
        {following ? 'Following ✓' : 'Follow series'}
      </Button>
      <p className={`mb-0 small text-${said?.tone ?? 'body'}-emphasis`} role="status">
        {said?.text ?? (follows.isError ? errorMessage(follows.error) : '')}
      </p>
    </div>
  );
}

/** A guest's 'Follow series': to the login page, remembering the series (and this page) for after it. */
function GuestFollowLink({ volumeId, name }: { volumeId: number; name: string }) {
  const location = useLocation();
  return (
    <div className="follow-series">
      <Link
        to={paths.login.getHref()}
        className="btn btn-outline-primary follow-button"
        onClick={() => rememberFollow({ volumeId, name, returnTo: location.pathname + location.search })}
      >
        <BsBell aria-hidden="true" className="me-2" />
        Follow series
      </Link>
    </div>
  );
}
