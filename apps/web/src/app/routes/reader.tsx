// /user/read/:issueId: the reader (issue 13), full screen, without the shop's navbar. Open to
// guests, who read the preview. The page joins the cart to it: 'Buy this issue' at the preview's
// end puts the issue in a signed-in USER's cart (the reader feature may not import the cart's),
// 'Next issue' follows the last page of an issue read in full, and both ends lead back to the
// previous issue of the series. An owner's issue can be kept on the device from its bar (issue 28).
import { useMemo } from 'react';
import { useParams } from 'react-router';

import { NotFoundView } from '@/components/not-found-view';
import { useSession, useSessionUserId } from '@/features/auth/hooks/use-session';
import { useAddToCart } from '@/features/cart/api/add-to-cart';
import { useCart } from '@/features/cart/api/get-cart';
import { usePurchases, type PurchaseItem } from '@/features/cart/api/get-purchases';
import { ReaderScreen } from '@/features/reader/components/reader-screen';
import type { ReaderPurchase } from '@/features/reader/components/reader-end';
import { catalogExit } from '@/features/reader/utils/reader-exits';
import { useDocumentTitle } from '@/lib/use-document-title';

import { NextIssue } from '../next-issue';
import { PreviousIssue } from '../previous-issue';
import { useCustomerId } from '../use-customer';

export function ReaderRoute() {
  const { issueId: rawId } = useParams();
  const { role } = useSession();
  const userId = useSessionUserId();
  const purchase = useReaderPurchase(rawId);
  const issueId = /^\d{1,9}$/.test(rawId ?? '') ? Number(rawId) : null;
  const bought = useBought(issueId);

  if (issueId === null) return <InvalidIssue home={catalogExit(role)} />;
  return (
    <ReaderScreen
      key={issueId}
      issueId={issueId}
      userId={userId}
      role={role}
      purchase={purchase}
      nextIssue={(issue) => <NextIssue issue={issue} />}
      previousIssue={(issue) => <PreviousIssue issue={issue} />}
      bought={bought}
    />
  );
}

/** The issue as a signed-in USER bought it (from My comics), to keep on the device. */
function useBought(issueId: number | null): PurchaseItem | undefined {
  const purchases = usePurchases(useCustomerId());
  return purchases.data?.find((item) => item.id === issueId);
}

/** A signed-in USER's cart, for this issue. */
function useReaderPurchase(rawId: string | undefined): ReaderPurchase | undefined {
  const customerId = useCustomerId();
  const cart = useCart(customerId);
  // Only ever called with a customer: 0 never reaches the server.
  const { mutateAsync: addToCart } = useAddToCart(customerId ?? 0);
  const issueId = Number(rawId);
  return useMemo(() => {
    if (customerId === null) return undefined;
    return {
      ready: cart.isSuccess,
      inCart: cart.data?.some((item) => item.id === issueId) ?? false,
      addToCart: () => addToCart(issueId),
    };
  }, [customerId, cart.isSuccess, cart.data, issueId, addToCart]);
}

function InvalidIssue({ home }: { home: string }) {
  useDocumentTitle('Issue not found');
  return (
    <main id="main" className="container-xxl" tabIndex={-1}>
      <NotFoundView title="Issue not found" message="This is not an issue's address." homeHref={home} />
    </main>
  );
}
