// The line a login or sign-up page opens with while a guest's purchase waits
// (lib/pending-purchase): 'Log in to buy this issue'.
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';

import { pendingPurchase, purchaseReason } from '@/lib/pending-purchase';

export function PurchaseNotice({ verb }: { verb: 'Log in' | 'Sign up' }) {
  // Read once: the purchase is finished (and forgotten) only after this page is left.
  const [purchase] = useState(pendingPurchase);
  if (!purchase) return null;
  return (
    <Alert variant="info" className="mb-4" role="status">
      {purchaseReason(verb, purchase)}.
    </Alert>
  );
}
