// A readable failure message with a way forward, for a failed API call.
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

import { errorMessage } from '@/lib/api-client';

type ErrorStateProps = { title?: string; error: unknown; onRetry?: () => void };

export function ErrorState({ title = 'We could not load this', error, onRetry }: ErrorStateProps) {
  return (
    <Alert variant="danger" className="my-4" role="alert">
      <Alert.Heading as="h2" className="h5">
        {title}
      </Alert.Heading>
      <p className="mb-0">{errorMessage(error)}</p>
      {onRetry && (
        <Button variant="outline-danger" size="sm" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
