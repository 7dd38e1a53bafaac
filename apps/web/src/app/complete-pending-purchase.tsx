// Finishes what a guest asked to buy before logging in (lib/pending-purchase): once the new USER's
// cart and purchases are known, the issues they do not own yet go into the cart in one request,
// a toast says so, and 'Buy now' goes on to the cart. Loaded only when a purchase waits.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { forgetPurchase, type PendingPurchase } from '@/lib/pending-purchase';

import { OutcomeToast, type Outcome } from './outcome-toast';
import { useIssueShop } from './use-issue-shop';

export function CompletePendingPurchase({ purchase, onDone }: { purchase: PendingPurchase; onDone: () => void }) {
  const shop = useIssueShop();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!shop?.ready || started.current) return;
    started.current = true;
    // Done once, whatever happens: a failure is said, never retried on the next page.
    forgetPurchase();
    const wanted = purchase.issueIds.filter((id) => !shop.isOwned(id) && !shop.isInCart(id));
    const put = async () => {
      if (wanted.length === 1) await shop.setInCart(wanted[0]!, true);
      else if (wanted.length > 1) await shop.addAllToCart(wanted);
    };
    put()
      .then(() => {
        const owned = purchase.issueIds.every((id) => shop.isOwned(id));
        setOutcome(
          owned
            ? { tone: 'secondary', text: `You already own ${purchase.what}: it is in My comics.` }
            : { tone: 'success', text: `Added ${purchase.what} to your cart.` },
        );
        if (purchase.thenCart && !owned) void navigate(paths.user.shop.getHref());
      })
      .catch((cause: unknown) => setOutcome({ tone: 'danger', text: errorMessage(cause) }));
  }, [shop, purchase, navigate]);

  return (
    <OutcomeToast
      outcome={outcome}
      successLink={{ to: paths.user.shop.getHref(), label: 'See your cart' }}
      onDone={onDone}
    />
  );
}
