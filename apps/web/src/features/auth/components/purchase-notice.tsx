// The line a login or sign-up page opens with while a guest's purchase or follow waits
// (lib/pending-purchase): 'Log in to buy this issue', 'Log in to follow Batman'.
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';

import { pendingReason } from '@/lib/pending-purchase';

export function PurchaseNotice({ verb }: { verb: 'Log in' | 'Sign up' }) {
  // Read once: what waits is finished (and forgotten) only after this page is left.
  const [reason] = useState(() => pendingReason(verb));
  if (!reason) return null;
  return (
    <Alert variant="info" className="mb-4" role="status">
      {reason}.
    </Alert>
  );
}
