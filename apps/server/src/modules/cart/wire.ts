// The spec's wire shapes of cart lines and purchases (snake_case `issue_number`, prices in
// dollars), made from the repository's rows here and nowhere else. The image is the issue's
// stored cover path, the same one the catalogue answers.
import { centsToDollars } from '@comics/shared/money';
import type { CartItem, PurchaseItem } from '@comics/shared/schemas/shop';
import type { CartLineRow, PurchaseRow } from './repository';

export function cartItemOf(line: CartLineRow): CartItem {
  return {
    id: line.id,
    volume_id: line.volumeId,
    image: line.image,
    name: line.name,
    issue_number: line.issueNumber,
    price: centsToDollars(line.priceCents),
  };
}

export function purchaseItemOf(purchase: PurchaseRow): PurchaseItem {
  return { ...cartItemOf(purchase), orderId: purchase.orderId, purchasedAt: purchase.purchasedAt.toISOString() };
}
