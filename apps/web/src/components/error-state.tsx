// A readable failure message with a way forward, for a failed API call. With no network it says
// so, and where a signed-in reader can still go: the comics kept on this device (issue 28).
import { STORAGE_KEYS } from '@comics/shared/constants';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useOffline } from '@/lib/online';
import { readStorage } from '@/lib/storage';

type ErrorStateProps = { title?: string; error: unknown; onRetry?: () => void };

export function ErrorState({ title = 'We could not load this', error, onRetry }: ErrorStateProps) {
  const offline = useOffline() && error instanceof ApiError && error.code === 'NETWORK_ERROR';
  const signedIn = readStorage(STORAGE_KEYS.authFlag) === 'true';
  return (
    <Alert variant={offline ? 'secondary' : 'danger'} className="my-4" role="alert">
      <Alert.Heading as="h2" className="h5">
        {offline ? 'You are offline' : title}
      </Alert.Heading>
      <p className="mb-0">
        {offline ? 'This needs the network, and comes back when your device reconnects.' : errorMessage(error)}
      </p>
      {offline && signedIn && (
        <p className="mb-0 mt-2">
          <Link to={`${paths.user.purchases.getHref()}?on=device`} className="alert-link">
            Read the comics on this device
          </Link>
        </p>
      )}
      {onRetry && (
        <Button variant={offline ? 'outline-secondary' : 'outline-danger'} size="sm" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
