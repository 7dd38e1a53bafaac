// 'Series you follow' on /user/fav (issue 24): each followed series with its cover and publisher,
// a link to its page, whether its new issues are e-mailed (a switch: the e-mail's unsubscribe
// link turns it off, this turns it back on) and 'Unfollow'.
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { BsBell } from 'react-icons/bs';
import { Link } from 'react-router';

import { CoverImage } from '@/components/cover-image';
import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';

import { useFollowSeries } from '../api/follow-series';
import { useFollows, type FollowedSeries } from '../api/get-follows';
import { useUnfollowSeries } from '../api/unfollow-series';

const TITLE_ID = 'followed-series-title';

export function FollowedSeriesList({ userId }: { userId: number }) {
  const follows = useFollows(userId);

  return (
    <section aria-labelledby={TITLE_ID} className="mt-5">
      <h2 id={TITLE_ID} className="section-title mb-2">
        Series you follow
      </h2>
      <p className="text-body-secondary mb-4">
        Their new issues show under ‘New for you’ on your shelf and, unless you turn it off, come by e-mail.
      </p>
      {follows.isPending ? (
        <PageSpinner label="Loading the series you follow" />
      ) : follows.isError ? (
        <ErrorState
          title="The series you follow could not be loaded"
          error={follows.error}
          onRetry={() => follows.refetch()}
        />
      ) : follows.data.length === 0 ? (
        <div className="empty-state text-center py-4">
          <BsBell aria-hidden="true" className="empty-state-icon mb-3" />
          <p className="h5 fw-bold mb-2">You follow no series yet</p>
          <p className="text-body-secondary mb-0">Open a comic and press ‘Follow series’ to hear of its new issues.</p>
        </div>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-3 mb-0 followed-series-list">
          {follows.data.map((series) => (
            <li key={series.volume_id}>
              <FollowedSeriesRow series={series} userId={userId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FollowedSeriesRow({ series, userId }: { series: FollowedSeries; userId: number }) {
  const switchId = useId();
  const follow = useFollowSeries(userId);
  const unfollow = useUnfollowSeries(userId);
  const [error, setError] = useState<string | null>(null);
  const busy = follow.isPending || unfollow.isPending;

  async function run(work: () => Promise<unknown>) {
    setError(null);
    try {
      await work();
    } catch (cause) {
      setError(errorMessage(cause));
    }
  }

  return (
    <article className="followed-series card">
      <div className="card-body d-flex flex-wrap align-items-center gap-3">
        <div className="followed-series-cover flex-shrink-0">
          <CoverImage src={series.image} alt="" />
        </div>
        <div className="followed-series-text flex-grow-1">
          <h3 className="h6 fw-bold mb-1 text-break">
            <Link to={paths.user.comicDetail.getHref(series.volume_id)}>{series.name}</Link>
          </h3>
          <p className="small text-body-secondary mb-2">{series.publisher}</p>
          <Form.Check
            type="switch"
            id={switchId}
            role="switch"
            label="E-mail me its new issues"
            checked={series.notify_by_email}
            disabled={busy}
            onChange={(event) =>
              void run(() => follow.mutateAsync({ volumeId: series.volume_id, notifyByEmail: event.target.checked }))
            }
          />
          {error && (
            <p className="small text-danger-emphasis mb-0 mt-1" role="alert">
              {error}
            </p>
          )}
        </div>
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={busy}
          aria-label={`Unfollow ${series.name}`}
          onClick={() => void run(() => unfollow.mutateAsync(series.volume_id))}
        >
          Unfollow
        </Button>
      </div>
    </article>
  );
}
